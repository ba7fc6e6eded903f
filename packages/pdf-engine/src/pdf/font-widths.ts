import { PDFArray, PDFDict, PDFName, PDFNumber, StandardFontEmbedder, StandardFonts, type PDFObject } from '@cantoo/pdf-lib';
import { ContentNotUnderstood } from './content-ops.ts';
import { IDENTITY, type Matrix } from './matrix.ts';

/** One glyph of a shown string: its code's bytes and its width in thousandths of the font size. */
export interface ShownGlyph {
  bytes: Uint8Array;
  width: number;
  /** Single-byte code 32, the only one word spacing applies to. */
  space: boolean;
}

export interface GlyphReader {
  glyphs: (bytes: Uint8Array) => ShownGlyph[];
  /**
   * Where a glyph is drawn, in ems of the font size, before the text matrix: the identity but for a
   * Type 3 font, whose /FontMatrix may turn glyphs upside down (Ghostscript writes them so, and its
   * text matrix turns them back), skew or move them.
   */
  matrix: Matrix;
}

const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : undefined);

/**
 * Standard-14 widths by code, for fonts that carry no /Widths (pdf-lib writes Helvetica that way):
 * by the font's plain encoding, or by glyph name where an encoding's /Differences renames a code
 * (ReportLab writes a standard font so when the text has a character outside WinAnsi).
 */
function standardWidths(baseFont: string, differences: ReadonlyMap<number, string>): Map<number, number> | undefined {
  if (!(Object.values(StandardFonts) as string[]).includes(baseFont)) return undefined;
  const { font, encoding } = StandardFontEmbedder.for(baseFont as Parameters<typeof StandardFontEmbedder.for>[0]);
  const widths = new Map<number, number>();
  for (const point of encoding.supportedCodePoints) {
    const { code, name } = encoding.encodeUnicodeCodePoint(point);
    widths.set(code, font.getWidthOfGlyph(name) ?? 0);
  }
  for (const [code, name] of differences) {
    const width = font.getWidthOfGlyph(name);
    if (width === undefined) widths.delete(code);
    else widths.set(code, width);
  }
  return widths;
}

/** An encoding dictionary's /Differences: [code /name /name … code /name …]. */
function differencesOf(encoding: PDFDict): Map<number, string> {
  const names = new Map<number, string>();
  const list = encoding.lookup(PDFName.of('Differences'));
  let code = 0;
  for (const item of list instanceof PDFArray ? list.asArray() : []) {
    if (item instanceof PDFNumber) code = item.asNumber();
    else if (item instanceof PDFName) names.set(code++, item.decodeText());
  }
  return names;
}

/**
 * How a font splits a string into glyphs and how wide each is: simple fonts by /Widths (or the
 * standard-14 metrics, by glyph name where /Differences renames a code), Type 3 fonts by /Widths
 * through their /FontMatrix, Type 0 fonts with Identity-H by /W and /DW. Anything else
 * (other CMaps, vertical writing, a standard font on another base encoding) is not understood.
 */
export function glyphReader(font: PDFDict): GlyphReader {
  const subtype = font.lookup(PDFName.of('Subtype'));
  if (subtype === PDFName.of('Type0')) return cidReader(font);
  const type3 = subtype === PDFName.of('Type3');
  if (!type3 && subtype !== PDFName.of('Type1') && subtype !== PDFName.of('TrueType') && subtype !== PDFName.of('MMType1')) {
    throw new ContentNotUnderstood(`font subtype ${String(subtype)}`);
  }
  const widths = font.lookup(PDFName.of('Widths'));
  // Type 3 widths are in glyph space: its /FontMatrix makes them thousandths of the size.
  const { scale, matrix } = type3 ? type3Space(font) : { scale: 1, matrix: IDENTITY };
  let widthOf: (code: number) => number | undefined;
  if (widths instanceof PDFArray) {
    const first = num(font.lookup(PDFName.of('FirstChar'))) ?? 0;
    const descriptor = font.lookup(PDFName.of('FontDescriptor'));
    const missing = descriptor instanceof PDFDict ? (num(descriptor.lookup(PDFName.of('MissingWidth'))) ?? 0) : 0;
    const list = widths.asArray().map((w) => (num(font.context.lookup(w)) ?? missing) * scale);
    widthOf = (code) => list[code - first] ?? missing * scale;
  } else if (type3) {
    throw new ContentNotUnderstood('a Type 3 font without widths');
  } else {
    const base = font.lookup(PDFName.of('BaseFont'));
    const encoding = font.lookup(PDFName.of('Encoding'));
    const baseEncoding = encoding instanceof PDFDict ? encoding.lookup(PDFName.of('BaseEncoding')) : encoding;
    const plain = baseEncoding === undefined || baseEncoding === PDFName.of('WinAnsiEncoding');
    const standard = base instanceof PDFName && plain ? standardWidths(base.decodeText(), encoding instanceof PDFDict ? differencesOf(encoding) : new Map()) : undefined;
    if (!standard) throw new ContentNotUnderstood('a font without widths');
    widthOf = (code) => standard.get(code);
  }
  return {
    matrix,
    glyphs: (bytes) =>
      [...bytes].map((code, i) => {
        const width = widthOf(code);
        if (width === undefined) throw new ContentNotUnderstood(`no width for code ${code}`);
        return { bytes: bytes.subarray(i, i + 1), width, space: code === 32 };
      }),
  };
}

/**
 * A Type 3 font's glyph space: how many thousandths of the font size a glyph unit advances (the
 * matrix's horizontal scale: only it moves the pen in horizontal writing), and the matrix in ems.
 * A matrix that mirrors the advance, or flattens glyphs to nothing, is not understood.
 */
function type3Space(font: PDFDict): { scale: number; matrix: Matrix } {
  const matrix = font.lookup(PDFName.of('FontMatrix'));
  const [a, b, c, d, e, f] = matrix instanceof PDFArray ? matrix.asArray().map((o) => num(font.context.lookup(o)) ?? NaN) : [];
  if (!(a! > 0) || ![b, c, d, e, f].every(Number.isFinite) || Math.abs(a! * d! - b! * c!) < 1e-12) throw new ContentNotUnderstood('a Type 3 font matrix that mirrors or flattens its glyphs');
  return { scale: a! * 1000, matrix: [1, b! / a!, c! / a!, d! / a!, e!, f!] };
}

function cidReader(font: PDFDict): GlyphReader {
  if (font.lookup(PDFName.of('Encoding')) !== PDFName.of('Identity-H')) throw new ContentNotUnderstood('a CMap other than Identity-H');
  const descendants = font.lookup(PDFName.of('DescendantFonts'));
  const cid = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
  if (!(cid instanceof PDFDict)) throw new ContentNotUnderstood('a Type 0 font without its CID font');
  const fallback = num(cid.lookup(PDFName.of('DW'))) ?? 1000;
  const widths = new Map<number, number>();
  const w = cid.lookup(PDFName.of('W'));
  const items = w instanceof PDFArray ? w.asArray().map((o) => font.context.lookup(o)) : [];
  for (let i = 0; i < items.length; ) {
    const first = num(items[i]);
    const next = items[i + 1];
    if (first === undefined) throw new ContentNotUnderstood('a bad /W array');
    if (next instanceof PDFArray) {
      next.asArray().forEach((o, k) => widths.set(first + k, num(font.context.lookup(o)) ?? fallback));
      i += 2;
    } else {
      const last = num(next);
      const width = num(items[i + 2]);
      if (last === undefined || width === undefined || last - first > 65_535) throw new ContentNotUnderstood('a bad /W array');
      for (let c = first; c <= last; c++) widths.set(c, width);
      i += 3;
    }
  }
  return {
    matrix: IDENTITY,
    glyphs: (bytes) => {
      if (bytes.length % 2) throw new ContentNotUnderstood('an odd-length string in a two-byte font');
      const glyphs: ShownGlyph[] = [];
      for (let i = 0; i < bytes.length; i += 2) {
        const code = (bytes[i]! << 8) | bytes[i + 1]!;
        glyphs.push({ bytes: bytes.subarray(i, i + 2), width: widths.get(code) ?? fallback, space: false });
      }
      return glyphs;
    },
  };
}
