import { decodePDFRawStream, PDFDict, PDFName, PDFRawStream, type PDFDocument } from '@cantoo/pdf-lib';

/**
 * PDF/A-1 wants every subset CIDFont's descriptor to carry a CIDSet naming the CIDs its program
 * holds; Chromium and LibreOffice write subset TrueType CIDFonts without one. With the Identity
 * CID-to-glyph map, the CIDs are the program's glyph ids, 0 to maxp's glyph count.
 */
export function addCidSets(doc: PDFDocument): void {
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.lookup(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) continue;
    if (!/^[A-Z]{6}\+/.test(object.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText() ?? '')) continue;
    const map = object.lookup(PDFName.of('CIDToGIDMap'));
    const descriptor = object.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const program = descriptor?.lookup(PDFName.of('FontFile2'));
    if ((map !== undefined && map !== PDFName.of('Identity')) || !descriptor || descriptor.has(PDFName.of('CIDSet')) || !(program instanceof PDFRawStream)) continue;
    const glyphs = glyphCount(Buffer.from(decodePDFRawStream(program).decode()));
    if (!glyphs) continue;
    const bits = Buffer.alloc(Math.ceil(glyphs / 8));
    for (let cid = 0; cid < glyphs; cid++) bits[cid >> 3]! |= 0x80 >> (cid & 7);
    descriptor.set(PDFName.of('CIDSet'), doc.context.register(doc.context.flateStream(bits)));
  }
}

/** numGlyphs from a TrueType program's maxp table. */
function glyphCount(font: Buffer): number | undefined {
  if (font.length < 12) return undefined;
  const tables = font.readUInt16BE(4);
  for (let i = 0; i < tables && 12 + i * 16 + 16 <= font.length; i++) {
    const at = 12 + i * 16;
    if (font.toString('latin1', at, at + 4) !== 'maxp') continue;
    const offset = font.readUInt32BE(at + 8);
    return offset + 6 <= font.length ? font.readUInt16BE(offset + 4) : undefined;
  }
  return undefined;
}
