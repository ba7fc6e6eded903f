import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFDocument } from '@cantoo/pdf-lib';
import type { ToolContext } from '../context.ts';
import { readLayout } from './layout-file.ts';
import type { LayoutPage } from './layout.ts';
import { loadPdf } from './load.ts';

/**
 * pdfTeX writes a font that exists only as METAFONT bitmaps (T1-encoded text without cm-super:
 * `\usepackage[T1]{fontenc}` on a plain TeX Live) as a Type 3 font with no /ToUnicode, whose glyphs
 * are named by their codes (/a28). pdftotext then reads the codes as Latin-1 and drops the rest:
 * "office" with its ffi ligature (code 28) reads "oce", so a search for "office" finds nothing while
 * the page shows it. These fonts are read through the T1 (Cork) encoding, the only one TeX sets in
 * bitmaps in practice (the other text encodings have Type 1 fonts in TeX Live): a copy of the file
 * gets a /ToUnicode for each, and pdftotext reads the copy. The file itself is left as it was.
 */

/** Cork codes 0–31 and 128–191, as text; codes 23 and 24 (a word mark and the per-mille's zero) read as nothing. */
const CORK_LOW = ['`', '´', 'ˆ', '˜', '¨', '˝', '˚', 'ˇ', '˘', '¯', '˙', '¸', '˛', '‚', '‹', '›', '“', '”', '„', '«', '»', '–', '—', '', '', 'ı', 'ȷ', 'ff', 'fi', 'fl', 'ffi', 'ffl'];
const CORK_HIGH = [...'ĂĄĆČĎĚĘĞĹĽŁŃŇŊŐŔŘŚŠŞŤŢŰŮŸŹŽŻĲİđ§ăąćčďěęğĺľłńňŋőŕřśšşťţűůÿźžżĳ¡¿£'];
/** Where Cork differs from ASCII and Latin-1 in the rest. */
const CORK_OTHER: Record<number, string> = { 0x20: '␣', 0x27: '’', 0x60: '‘', 0x7f: '-', 0xd7: 'Œ', 0xdf: 'SS', 0xf7: 'œ', 0xff: 'ß' };

function corkText(code: number): string {
  if (code < 0x20) return CORK_LOW[code]!;
  if (code >= 0x80 && code < 0xc0) return CORK_HIGH[code - 0x80]!;
  return CORK_OTHER[code] ?? String.fromCharCode(code);
}

/** The codes a Type 3 font without /ToUnicode names pdfTeX's way (/aNN for code NN; unused codes /.notdef), or undefined when it is not such a font. */
function codeNamedGlyphs(font: PDFDict): number[] | undefined {
  if (font.lookup(PDFName.of('Subtype')) !== PDFName.of('Type3') || font.has(PDFName.of('ToUnicode'))) return undefined;
  const encoding = font.lookup(PDFName.of('Encoding'));
  const differences = encoding instanceof PDFDict ? encoding.lookup(PDFName.of('Differences')) : undefined;
  if (!(differences instanceof PDFArray)) return undefined;
  const codes: number[] = [];
  let code = 0;
  for (const item of differences.asArray()) {
    if (item instanceof PDFNumber) code = item.asNumber();
    else if (item instanceof PDFName && item.decodeText() === '.notdef') code++;
    else if (item instanceof PDFName && item.decodeText() === `a${code}` && code >= 0 && code < 256) codes.push(code++);
    else return undefined;
  }
  return codes.length > 0 ? codes : undefined;
}

const utf16 = (text: string) => Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();

/** A ToUnicode CMap for one-byte codes (bfchar entries, at most 100 a block as the CMap format asks). */
function toUnicodeCMap(codes: readonly number[]): string {
  const entries = codes.filter((c) => corkText(c) !== '').map((c) => `<${c.toString(16).padStart(2, '0').toUpperCase()}> <${utf16(corkText(c))}>`);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) blocks.push(`${entries.slice(i, i + 100).length} beginbfchar\n${entries.slice(i, i + 100).join('\n')}\nendbfchar`);
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    ...blocks,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

/** pdfTeX's bitmap fonts in the document, with the codes each names. */
function texBitmapFonts(doc: PDFDocument): [PDFDict, number[]][] {
  const fonts: [PDFDict, number[]][] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const codes = object instanceof PDFDict ? codeNamedGlyphs(object) : undefined;
    if (codes) fonts.push([object as PDFDict, codes]);
  }
  return fonts;
}

/** A copy of the file whose pdfTeX bitmap fonts have a /ToUnicode, or undefined when it has none. */
export async function withTexUnicode(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  const copy = await loadPdf(bytes);
  const fonts = texBitmapFonts(copy);
  if (fonts.length === 0) return undefined;
  for (const [font, codes] of fonts) font.set(PDFName.of('ToUnicode'), copy.context.register(copy.context.flateStream(toUnicodeCMap(codes))));
  return copy.save({ useObjectStreams: false });
}

/** Every page's words as `readLayout` gives them, with pdfTeX's bitmap fonts read as they show. */
export async function readLayoutAsShown(ctx: ToolContext, pdfPath: string, doc: PDFDocument): Promise<LayoutPage[]> {
  const readable = texBitmapFonts(doc).length > 0 ? await withTexUnicode(await readFile(pdfPath)) : undefined;
  if (!readable) return readLayout(ctx, pdfPath);
  const path = join(ctx.dir, `as-shown-${randomUUID()}.pdf`);
  await writeFile(path, readable);
  try {
    return await readLayout(ctx, path);
  } finally {
    await rm(path, { force: true });
  }
}
