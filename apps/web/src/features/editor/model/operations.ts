import type { EditorObject, EditorState, PageSlot } from './types';

/**
 * An operation as the `edit` tool takes it. Images name their file (the n-th image sent with the job,
 * from 1) instead of carrying base64, so the options stay small.
 */
export type Operation = { type: string } & Record<string, unknown>;

export interface EditRequestParts {
  operations: Operation[];
  /** The images, in the order their operations name them. */
  images: Blob[];
  /** The other PDFs whose pages are inserted, in the order their `insert-pdf` operations name them. */
  pdfs: File[];
}

/** The editor's state as an operations document: content first (on original pages), then page operations. */
export function buildOperations(state: EditorState, flatten: boolean, originalPageCount: number): EditRequestParts {
  const kept = new Set(state.pages.flatMap((slot) => (slot.source === null ? [] : [slot.source])));
  const images: Blob[] = [];
  const operations: Operation[] = [];
  for (const object of state.objects) {
    if (!kept.has(object.page)) continue;
    operations.push(contentOperation(object, images));
  }
  if (Object.keys(state.form).length > 0) operations.push({ type: 'form', values: state.form, flatten });
  const pdfs: File[] = [];
  operations.push(...pageOperations(state.pages, originalPageCount, pdfs));
  return { operations, images, pdfs };
}

function contentOperation(object: EditorObject, images: Blob[]): Operation {
  switch (object.kind) {
    case 'text': {
      const { text, size, color, bold, italic, align, rotation, page, x, y, width } = object;
      return { type: 'text', page, x, y, width, text, size, color, bold, italic, align, rotation };
    }
    case 'image': {
      images.push(object.image);
      const { page, x, y, width, height, rotation } = object;
      return { type: 'image', page, x, y, width, height, rotation, file: images.length };
    }
    case 'rectangle':
    case 'ellipse': {
      const { kind, page, x, y, width, height, stroke, fill, strokeWidth, opacity, rotation } = object;
      return { type: kind, page, x, y, width, height, ...(stroke ? { stroke } : {}), ...(fill ? { fill } : {}), strokeWidth, opacity, rotation };
    }
    case 'whiteout': {
      const { page, x, y, width, height } = object;
      return { type: 'whiteout', page, x, y, width, height };
    }
    case 'line':
    case 'arrow': {
      const { kind, page, from, to, stroke, strokeWidth, opacity } = object;
      return { type: kind, page, from, to, stroke, strokeWidth, opacity };
    }
    case 'ink': {
      const { page, strokes, stroke, strokeWidth, opacity } = object;
      return { type: 'ink', page, strokes, stroke, strokeWidth, opacity };
    }
    case 'highlight':
    case 'underline':
    case 'strikeout': {
      const { kind, page, rects, color } = object;
      return { type: kind, page, rects, color };
    }
    case 'note': {
      const { page, x, y, text, color } = object;
      return { type: 'note', page, x, y, text, color };
    }
    case 'stamp': {
      const { page, x, y, mark, size, date, color } = object;
      return { type: 'stamp', page, x, y, mark, size, color, ...(mark === 'date' ? { date } : {}) };
    }
  }
}

/**
 * The rail's arrangement as page operations, each naming pages as they stand after the ones before:
 * turns (original numbers), deletions from the back (so earlier numbers hold), blank pages and other
 * PDFs appended (a PDF comes in whole, so its pages removed from the rail are deleted after), then one
 * reorder into the rail's order. The inserted PDFs are pushed onto `pdfs`, numbered from 1.
 */
export function pageOperations(pages: PageSlot[], originalPageCount: number, pdfs: File[] = []): Operation[] {
  const operations: Operation[] = [];
  for (const slot of pages) {
    if (slot.source !== null && slot.turn !== 0) operations.push({ type: 'rotate-page', page: slot.source, angle: slot.turn });
  }
  const kept = new Set(pages.flatMap((slot) => (slot.source === null ? [] : [slot.source])));
  for (let page = originalPageCount; page >= 1; page--) {
    if (!kept.has(page)) operations.push({ type: 'delete-page', page });
  }
  // After the deletions the kept originals stand in their original order, the added pages after them.
  const standing = [...kept].sort((a, b) => a - b).map(String);
  const keyOf = (slot: PageSlot) => (slot.inserted ? `pdf${pdfs.indexOf(slot.inserted.file) + 1}:${slot.inserted.page}` : slot.source === null ? slot.key : String(slot.source));
  for (const slot of pages) {
    if (slot.source !== null) continue;
    if (!slot.inserted) {
      operations.push({ type: 'insert-page', after: standing.length, width: slot.width, height: slot.height });
      standing.push(slot.key);
    } else if (!pdfs.includes(slot.inserted.file)) {
      pdfs.push(slot.inserted.file);
      operations.push({ type: 'insert-pdf', after: standing.length, file: pdfs.length });
      for (let page = 1; page <= slot.inserted.of; page++) standing.push(`pdf${pdfs.length}:${page}`);
    }
  }
  const inRail = new Set(pages.map(keyOf));
  for (let index = standing.length - 1; index >= 0; index--) {
    if (inRail.has(standing[index]!)) continue;
    operations.push({ type: 'delete-page', page: index + 1 });
    standing.splice(index, 1);
  }
  const order = pages.map((slot) => standing.indexOf(keyOf(slot)) + 1);
  if (order.some((position, index) => position !== index + 1)) operations.push({ type: 'reorder-pages', order });
  return operations;
}
