import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';

/**
 * Lossless clean-up before the final rewrite (qpdf then writes only what is still reachable):
 * page thumbnails (viewers draw their own), applications' private data (/PieceInfo, which
 * viewers ignore by the PDF spec), and duplicate objects (the same font or image brought in by
 * each merged file), kept once. True when anything changed.
 */
export function slimDocument(doc: PDFDocument): boolean {
  let changed = dropBaggage(doc);
  // Fonts refer to descriptors, descriptors to font programs: each pass can make the level above identical.
  for (let pass = 0; pass < 3 && dedupe(doc) > 0; pass++) changed = true;
  return changed;
}

const THUMB = PDFName.of('Thumb');
const PIECE_INFO = PDFName.of('PieceInfo');

/** True when there was something to drop. */
function dropBaggage(doc: PDFDocument): boolean {
  let dropped = false;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFRawStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
    if (!dict) continue;
    if (dict.delete(PIECE_INFO)) dropped = true;
    if (dict.get(PDFName.of('Type')) === PDFName.of('Page') && dict.delete(THUMB)) dropped = true;
  }
  return dropped;
}

/** Only objects whose identity carries no meaning: streams, fonts and font descriptors (never pages or annotations). */
const SHAREABLE_TYPES = new Set([PDFName.of('Font'), PDFName.of('FontDescriptor')]);

/** Points every reference to a duplicate at its first copy; returns how many duplicates there were. */
function dedupe(doc: PDFDocument): number {
  const byKey = new Map<string, PDFRef>();
  // pdf-lib interns references, so a PDFRef is its own key.
  const replaced = new Map<PDFRef, PDFRef>();
  const bySize = new Map<number, [PDFRef, PDFRawStream][]>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream) {
      // Hash only streams whose length some other stream shares.
      const same = bySize.get(obj.contents.length) ?? [];
      same.push([ref, obj]);
      bySize.set(obj.contents.length, same);
    } else if (obj instanceof PDFDict && SHAREABLE_TYPES.has(obj.get(PDFName.of('Type')) as PDFName)) {
      keep(byKey, replaced, ref, `d:${obj.toString()}`);
    }
  }
  for (const group of bySize.values()) {
    if (group.length < 2) continue;
    for (const [ref, stream] of group) keep(byKey, replaced, ref, `s:${dictKey(stream.dict)}:${createHash('sha256').update(stream.contents).digest('hex')}`);
  }
  if (replaced.size === 0) return 0;
  const swap = (value: PDFObject | undefined): PDFObject | undefined => (value instanceof PDFRef ? replaced.get(value) : undefined);
  const rewrite = (value: PDFObject) => {
    if (value instanceof PDFDict || value instanceof PDFRawStream) {
      const dict = value instanceof PDFRawStream ? value.dict : value;
      for (const [key, entry] of dict.entries()) {
        const target = swap(entry);
        if (target) dict.set(key, target);
        else rewrite(entry);
      }
    } else if (value instanceof PDFArray) {
      for (let i = 0; i < value.size(); i++) {
        const target = swap(value.get(i));
        if (target) value.set(i, target);
        else rewrite(value.get(i));
      }
    }
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) rewrite(obj);
  for (const ref of replaced.keys()) doc.context.delete(ref);
  return replaced.size;
}

function keep(byKey: Map<string, PDFRef>, replaced: Map<PDFRef, PDFRef>, ref: PDFRef, key: string): void {
  const first = byKey.get(key);
  if (first) replaced.set(ref, first);
  else byKey.set(key, ref);
}

/** A stream's dictionary without /Length, which pdfTeX writes as a reference of its own for every stream. */
const dictKey = (dict: PDFDict) =>
  dict
    .entries()
    .filter(([key]) => key !== PDFName.of('Length'))
    .map(([key, value]) => `${key.toString()} ${value.toString()}`)
    .join(' ');
