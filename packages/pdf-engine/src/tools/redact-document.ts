import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFDocument,
  type PDFObject,
} from '@cantoo/pdf-lib';
import type { DisplayBox } from '../pdf/geometry.ts';
import type { RedactionBox } from './redact-find.ts';

/**
 * The text a redaction must also reach beyond the page content: document information, XMP metadata,
 * bookmark titles, annotation texts, form values and attachments. Each is a slot the finders search; a slot with
 * a match is cleaned (the match replaced, or the whole thing removed where rewriting is not safe).
 */
export interface TextSlot {
  text: string;
  clean(ranges: readonly (readonly [number, number])[]): void;
}

/** What replaces redacted text in metadata and bookmark titles. */
const MARK = '[redacted]';
/** Bookmarks and fields are trees a hostile file can make deep or cyclic. */
const MAX_NODES = 20_000;

const stringOf = (value: PDFObject | undefined) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined);

function replaced(text: string, ranges: readonly (readonly [number, number])[]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    out += text.slice(at, start) + MARK;
    at = end;
  }
  return out + text.slice(at);
}

function stringSlot(dict: PDFDict, key: string): TextSlot | undefined {
  // Looked up: some producers (pdfkit) write the strings as objects of their own.
  const text = stringOf(dict.lookup(PDFName.of(key)));
  if (!text) return undefined;
  return { text, clean: (ranges) => dict.set(PDFName.of(key), PDFHexString.fromText(replaced(text, ranges))) };
}

export function documentSlots(doc: PDFDocument): TextSlot[] {
  const { context, catalog } = doc;
  const slots: TextSlot[] = [];
  const info = context.lookup(context.trailerInfo.Info);
  if (info instanceof PDFDict) for (const key of info.keys()) slots.push(...[stringSlot(info, key.decodeText())].filter((s) => s !== undefined));

  const metadata = catalog.lookup(PDFName.of('Metadata'));
  if (metadata instanceof PDFRawStream) {
    try {
      const xmp = Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8');
      slots.push({ text: xmp, clean: () => catalog.delete(PDFName.of('Metadata')) });
    } catch {
      catalog.delete(PDFName.of('Metadata')); // unreadable metadata cannot be checked, so it goes
    }
  }

  const seen = new Set<PDFObject>();
  const outlines = catalog.lookup(PDFName.of('Outlines'));
  const stack: PDFObject[] = outlines instanceof PDFDict ? [outlines] : [];
  while (stack.length > 0 && seen.size < MAX_NODES) {
    const item = stack.pop()!;
    if (!(item instanceof PDFDict) || seen.has(item)) continue;
    seen.add(item);
    const title = stringSlot(item, 'Title');
    if (title) slots.push(title);
    for (const key of ['First', 'Next']) stack.push(item.lookup(PDFName.of(key)) ?? PDFName.of('None'));
  }

  for (const page of doc.getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) continue;
    for (const ref of annots.asArray()) {
      const annot = context.lookup(ref);
      if (!(annot instanceof PDFDict)) continue;
      const text = ['Contents', 'T', 'Subj', 'RC', 'TU', 'V'].map((key) => stringOf(annot.get(PDFName.of(key))) ?? '').join('\n');
      if (text.trim()) slots.push({ text, clean: () => removeAnnotation(annots, annot, context.lookup.bind(context)) });
    }
  }

  const form = catalog.lookup(PDFName.of('AcroForm'));
  const fields = form instanceof PDFDict ? form.lookup(PDFName.of('Fields')) : undefined;
  const fieldStack: PDFObject[] = fields instanceof PDFArray ? fields.asArray() : [];
  while (fieldStack.length > 0 && seen.size < MAX_NODES) {
    const field = context.lookup(fieldStack.pop()!);
    if (!(field instanceof PDFDict) || seen.has(field)) continue;
    seen.add(field);
    const kids = field.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) fieldStack.push(...kids.asArray());
    const value = ['V', 'DV'].map((key) => stringOf(field.lookup(PDFName.of(key))) ?? '').join('\n');
    if (value.trim()) slots.push({ text: value, clean: () => clearField(field, kids, context.lookup.bind(context)) });
  }
  return [...slots, ...attachmentSlots(doc)];
}

/** The most of an attachment's content searched as text. */
const MAX_ATTACHMENT_TEXT = 1 << 20;

/**
 * Attachments (the EmbeddedFiles name tree): an attachment whose name, file names, description or
 * content read as text says what is redacted is removed whole: a file of unknown kind cannot be
 * rewritten safely.
 */
function attachmentSlots(doc: PDFDocument): TextSlot[] {
  const { context, catalog } = doc;
  const names = catalog.lookup(PDFName.of('Names'));
  const root = names instanceof PDFDict ? names.lookup(PDFName.of('EmbeddedFiles')) : undefined;
  const slots: TextSlot[] = [];
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = root instanceof PDFDict ? [root] : [];
  while (stack.length > 0 && seen.size < MAX_NODES) {
    const node = stack.pop()!;
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) stack.push(...kids.asArray().map((k) => context.lookup(k) ?? PDFName.of('None')));
    const leaf = node.lookup(PDFName.of('Names'));
    if (!(leaf instanceof PDFArray)) continue;
    for (let i = 0; i + 1 < leaf.size(); i += 2) {
      const key = leaf.get(i);
      const spec = leaf.lookup(i + 1);
      const texts = [stringOf(key)];
      if (spec instanceof PDFDict) {
        texts.push(...['F', 'UF', 'Desc'].map((k) => stringOf(spec.lookup(PDFName.of(k)))));
        const files = spec.lookup(PDFName.of('EF'));
        const stream = files instanceof PDFDict ? (files.lookup(PDFName.of('F')) ?? files.lookup(PDFName.of('UF'))) : undefined;
        if (stream instanceof PDFRawStream) {
          try {
            texts.push(Buffer.from(decodePDFRawStream(stream).decode().subarray(0, MAX_ATTACHMENT_TEXT)).toString('utf8'));
          } catch {
            // Content it cannot decode is not searched; the names and description still are.
          }
        }
      }
      const text = texts.filter((t) => t !== undefined).join('\n');
      slots.push({ text, clean: () => removePair(leaf, key) });
    }
  }
  return slots;
}

function removePair(leaf: PDFArray, key: PDFObject): void {
  for (let i = 0; i + 1 < leaf.size(); i += 2) {
    if (leaf.get(i) === key) {
      leaf.remove(i + 1);
      leaf.remove(i);
      return;
    }
  }
}

function removeAnnotation(annots: PDFArray, annot: PDFDict, lookup: (o: PDFObject) => PDFObject | undefined): void {
  for (let i = annots.size() - 1; i >= 0; i--) if (lookup(annots.get(i)) === annot) annots.remove(i);
}

/** A redacted form value goes, with the appearances that show it. */
function clearField(field: PDFDict, kids: PDFObject | undefined, lookup: (o: PDFObject) => PDFObject | undefined): void {
  field.delete(PDFName.of('V'));
  field.delete(PDFName.of('DV'));
  field.delete(PDFName.of('AP'));
  if (kids instanceof PDFArray) for (const kid of kids.asArray()) (lookup(kid) as PDFDict | undefined)?.delete?.(PDFName.of('AP'));
}

/** A box on the page as shown, in the page's own coordinates (unturned). */
export interface PageArea {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function pageAreas(boxes: readonly RedactionBox[], display: DisplayBox): PageArea[] {
  return boxes.map((box) => {
    const a = display.toPage(box.x, box.y);
    const b = display.toPage(box.x + box.width, box.y + box.height);
    return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
  });
}

/** Annotations that overlap a redacted box go: what they show or say may be what was redacted. */
export function removeAnnotationsIn(doc: PDFDocument, pageIndex: number, areas: readonly PageArea[]): void {
  const page = doc.getPage(pageIndex);
  const annots = page.node.lookup(PDFName.of('Annots'));
  if (!(annots instanceof PDFArray)) return;
  for (let i = annots.size() - 1; i >= 0; i--) {
    const annot = doc.context.lookup(annots.get(i));
    const rect = annot instanceof PDFDict ? annot.lookup(PDFName.of('Rect')) : undefined;
    if (!(rect instanceof PDFArray) || rect.size() < 4) continue;
    const [x0, y0, x1, y1] = rect.asArray().map((n) => Number((n as { asNumber?: () => number }).asNumber?.() ?? 0)) as [number, number, number, number];
    const r = { x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) };
    if (areas.some((a) => a.x0 < r.x1 && r.x0 < a.x1 && a.y0 < r.y1 && r.y0 < a.y1)) annots.remove(i);
  }
}
