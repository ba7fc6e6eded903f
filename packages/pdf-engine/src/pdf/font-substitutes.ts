import { readFile } from 'node:fs/promises';
import { PDFArray, PDFDict, PDFName, PDFNumber, StandardFontEmbedder, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';
import type { Font } from 'fontkit';
import { parseFont } from './fonts.ts';

/**
 * Fonts a PDF names without embedding them (the standard 14 from ReportLab, ImageMagick and
 * annotators; Arial, Times New Roman and Courier New from office tools) get URW's base 35 fonts
 * embedded in their place: Ghostscript's own metric-compatible clones (Debian fonts-urw-base35), as
 * Ghostscript and Acrobat substitute them. The OpenType file's CFF goes in as FontFile3/Type1C, which
 * PDF/A-1 accepts too, with /Widths and a descriptor read from that program, so the two agree.
 */

const URW = '/usr/share/fonts/opentype/urw-base35';

type Style = 'regular' | 'bold' | 'italic' | 'boldItalic';
const FAMILIES: { match: RegExp; files: Record<Style, string>; serif?: boolean; fixed?: boolean; symbol?: 'Symbol' | 'ZapfDingbats' }[] = [
  { match: /^(helvetica|arial)(mt)?$/, files: { regular: 'NimbusSans-Regular', bold: 'NimbusSans-Bold', italic: 'NimbusSans-Italic', boldItalic: 'NimbusSans-BoldItalic' } },
  { match: /^(helveticanarrow|arialnarrow)$/, files: { regular: 'NimbusSansNarrow-Regular', bold: 'NimbusSansNarrow-Bold', italic: 'NimbusSansNarrow-Oblique', boldItalic: 'NimbusSansNarrow-BoldOblique' } },
  { match: /^(times|timesroman|timesnewroman(ps)?(mt)?)$/, serif: true, files: { regular: 'NimbusRoman-Regular', bold: 'NimbusRoman-Bold', italic: 'NimbusRoman-Italic', boldItalic: 'NimbusRoman-BoldItalic' } },
  { match: /^(courier|couriernew(ps)?(mt)?)$/, fixed: true, serif: true, files: { regular: 'NimbusMonoPS-Regular', bold: 'NimbusMonoPS-Bold', italic: 'NimbusMonoPS-Italic', boldItalic: 'NimbusMonoPS-BoldItalic' } },
  { match: /^symbol(mt)?$/, symbol: 'Symbol', files: { regular: 'StandardSymbolsPS', bold: 'StandardSymbolsPS', italic: 'StandardSymbolsPS', boldItalic: 'StandardSymbolsPS' } },
  { match: /^zapfdingbats$/, symbol: 'ZapfDingbats', files: { regular: 'D050000L', bold: 'D050000L', italic: 'D050000L', boldItalic: 'D050000L' } },
];

/** What a font name asks for, e.g. "Helvetica-BoldOblique", "Arial,Bold", "TimesNewRomanPS-ItalicMT". */
export function substituteFor(baseFont: string) {
  const [family = '', style = ''] = baseFont.replace(/^[A-Z]{6}\+/, '').toLowerCase().split(/[-,]/);
  const bold = /bold|black|heavy|demi/.test(style);
  const italic = /italic|oblique/.test(style) || (family.startsWith('times') && style === 'italic');
  const known = FAMILIES.find((f) => f.match.test(family.replace(/\s+/g, '')));
  if (!known) return undefined;
  const styleKey: Style = bold && italic ? 'boldItalic' : bold ? 'bold' : italic ? 'italic' : 'regular';
  return { ...known, file: known.files[styleKey], bold, italic };
}

/** The 'CFF ' table of an OpenType file: the bare program PDF's Type1C wants. */
function cffTable(otf: Buffer): Buffer {
  const tables = otf.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const at = 12 + i * 16;
    if (otf.toString('latin1', at, at + 4) === 'CFF ') return otf.subarray(otf.readUInt32BE(at + 8), otf.readUInt32BE(at + 8) + otf.readUInt32BE(at + 12));
  }
  throw new Error('no CFF table');
}

interface Program {
  cff: Buffer;
  font: Font;
  widths: Map<string, number>;
  /** The CFF's own encoding (code → glyph name), what a Type1C font without /Encoding uses. */
  builtin: string[];
}
const programs = new Map<string, Promise<Program>>();

function program(file: string): Promise<Program> {
  let loaded = programs.get(file);
  if (!loaded) {
    loaded = readFile(`${URW}/${file}.otf`).then(async (otf) => {
      const font = await parseFont(otf);
      const scale = 1000 / font.unitsPerEm;
      const widths = new Map<string, number>();
      for (let id = 0; id < font.numGlyphs; id++) {
        const glyph = font.getGlyph(id);
        widths.set(glyph.name, Math.round(glyph.advanceWidth * scale));
      }
      const encoding = (font as unknown as Record<string, { topDict: { Encoding: unknown } }>)['CFF ']!.topDict.Encoding;
      return { cff: Buffer.from(cffTable(otf)), font, widths, builtin: Array.isArray(encoding) ? (encoding as string[]) : [] };
    });
    programs.set(file, loaded);
  }
  return loaded;
}

/** pdf-lib's tables of the encodings a simple font may name (code → glyph name). */
function namedEncoding(name: 'WinAnsi' | 'Symbol' | 'ZapfDingbats'): string[] {
  const font = { WinAnsi: 'Helvetica', Symbol: 'Symbol', ZapfDingbats: 'ZapfDingbats' }[name] as Parameters<typeof StandardFontEmbedder.for>[0];
  const { encoding } = StandardFontEmbedder.for(font);
  const codes: string[] = [];
  for (const point of encoding.supportedCodePoints) {
    const { code, name: glyph } = encoding.encodeUnicodeCodePoint(point);
    codes[code] ??= glyph;
  }
  return codes;
}

/** Code → glyph name as a reader will map them for this font once the substitute is embedded; undefined when we cannot tell. */
function glyphNames(dict: PDFDict, builtin: string[], symbol: 'Symbol' | 'ZapfDingbats' | undefined): string[] | undefined {
  const encoding = dict.lookup(PDFName.of('Encoding'));
  const base = (name: PDFObject | undefined): string[] | undefined => {
    if (name === undefined) return symbol ? namedEncoding(symbol) : [...builtin];
    if (name === PDFName.of('WinAnsiEncoding')) return namedEncoding('WinAnsi');
    if (name === PDFName.of('StandardEncoding')) return [...builtin];
    return undefined; // MacRoman and MacExpert: no table here
  };
  if (!(encoding instanceof PDFDict)) return base(encoding);
  const names = base(encoding.lookup(PDFName.of('BaseEncoding')));
  if (!names) return undefined;
  let code = 0;
  for (const item of encoding.lookupMaybe(PDFName.of('Differences'), PDFArray)?.asArray() ?? []) {
    const value = dict.context.lookup(item);
    if (value instanceof PDFNumber) code = value.asNumber();
    else if (value instanceof PDFName) names[code++] = value.decodeText();
  }
  return names;
}

/**
 * Embeds a substitute for every simple font that is not embedded and has one; returns the names of
 * those left without (Type 0 fonts, unknown families, encodings we have no table for).
 */
export async function embedSubstituteFonts(doc: PDFDocument, fonts: Iterable<PDFDict>): Promise<string[]> {
  const missing = new Set<string>();
  for (const dict of fonts) {
    const baseFont = dict.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText() ?? 'unnamed font';
    const subtype = dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText();
    const substitute = subtype === 'Type1' || subtype === 'TrueType' || subtype === 'MMType1' ? substituteFor(baseFont) : undefined;
    const loaded = substitute && (await program(substitute.file));
    const names = loaded && glyphNames(dict, loaded.builtin, substitute.symbol);
    if (!substitute || !loaded || !names) {
      missing.add(baseFont.replace(/^[A-Z]{6}\+/, ''));
      continue;
    }
    const { font, widths } = loaded;
    const notdef = widths.get('.notdef') ?? 0;
    const scale = 1000 / font.unitsPerEm;
    const file = doc.context.register(doc.context.flateStream(loaded.cff, { Subtype: 'Type1C' }));
    const flags = (substitute.fixed ? 1 : 0) | (substitute.serif ? 2 : 0) | (substitute.symbol ? 4 : 32) | (substitute.italic ? 64 : 0);
    const { minX, minY, maxX, maxY } = font.bbox;
    const descriptor = doc.context.obj({
      Type: 'FontDescriptor',
      FontName: PDFName.of(baseFont),
      Flags: flags,
      FontBBox: [minX, minY, maxX, maxY].map((v) => Math.round(v * scale)),
      ItalicAngle: font.italicAngle,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      CapHeight: Math.round((font.capHeight || font.ascent) * scale),
      StemV: substitute.bold ? 140 : 80,
      FontFile3: file,
    });
    dict.set(PDFName.of('Subtype'), PDFName.of('Type1'));
    dict.set(PDFName.of('FontDescriptor'), doc.context.register(descriptor));
    dict.set(PDFName.of('FirstChar'), PDFNumber.of(0));
    dict.set(PDFName.of('LastChar'), PDFNumber.of(255));
    dict.set(PDFName.of('Widths'), doc.context.obj(Array.from({ length: 256 }, (_, code) => widths.get(names[code] ?? '') ?? notdef)));
    if (substitute.symbol) {
      // URW's symbol fonts carry no usable built-in encoding: the codes are spelt out.
      const differences: (number | PDFName)[] = [];
      names.forEach((glyph, code) => glyph && differences.push(code, PDFName.of(glyph)));
      dict.set(PDFName.of('Encoding'), doc.context.obj({ Type: 'Encoding', Differences: differences }));
    }
  }
  return [...missing].sort();
}
