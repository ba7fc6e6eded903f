import { describe, expect, it } from 'vitest';
import { editOperationSchema } from '@wattle/shared';
import { buildOperations, pageOperations } from './operations';
import type { EditorState, PageSlot } from './types';

const slot = (source: number | null, turn: PageSlot['turn'] = 0, key = `p${source}`): PageSlot => ({ key, source, width: 595.28, height: 841.89, turn });
const pages = (count: number) => Array.from({ length: count }, (_, i) => slot(i + 1));

/** Applies page operations to a list of page labels, as the engine does (the schema's rules). */
function apply(labels: string[], operations: ReturnType<typeof pageOperations>): string[] {
  let current = [...labels];
  for (const op of operations) {
    if (op.type === 'delete-page') current.splice((op.page as number) - 1, 1);
    if (op.type === 'insert-page') current.splice(op.after as number, 0, 'blank');
    if (op.type === 'insert-pdf') current.splice(op.after as number, 0, ...(op.file === 1 ? ['a1', 'a2', 'a3'] : ['b1', 'b2']));
    if (op.type === 'reorder-pages') current = (op.order as number[]).map((n) => current[n - 1]!);
  }
  return current;
}

describe('page operations', () => {
  it('are empty for an untouched document', () => {
    expect(pageOperations(pages(3), 3)).toEqual([]);
  });

  it('turn, delete, insert and reorder into the rail order', () => {
    const rail = [slot(3, 90), slot(null, 0, 'new'), slot(1)];
    const operations = pageOperations(rail, 4);
    expect(operations.filter((op) => op.type === 'rotate-page')).toEqual([{ type: 'rotate-page', page: 3, angle: 90 }]);
    expect(apply(['1', '2', '3', '4'], operations)).toEqual(['3', 'blank', '1']);
    for (const op of operations) expect(editOperationSchema.safeParse(op).success).toBe(true);
  });
});

describe('pages from other PDFs', () => {
  const annex = new File(['%PDF'], 'annex.pdf');
  const terms = new File(['%PDF'], 'terms.pdf');
  const from = (file: File, page: number, of: number): PageSlot => ({ key: `${file.name}${page}`, source: null, inserted: { file, page, of }, width: 595.28, height: 841.89, turn: 0 });

  it('insert each PDF once, numbered in order, delete its pages taken out of the rail and reorder into the rail order', () => {
    const rail = [slot(1), from(terms, 2, 2), from(annex, 1, 3), from(annex, 3, 3), slot(2), from(terms, 1, 2), slot(null, 0, 'new')];
    const pdfs: File[] = [];
    const operations = pageOperations(rail, 2, pdfs);
    expect(pdfs).toEqual([terms, annex]);
    expect(operations.filter((op) => op.type === 'insert-pdf')).toEqual([
      { type: 'insert-pdf', after: 2, file: 1 },
      { type: 'insert-pdf', after: 4, file: 2 },
    ]);
    const labels = (ops: typeof operations) => apply(['1', '2'], ops.map((op) => (op.type === 'insert-pdf' ? { ...op, file: op.file === 1 ? 2 : 1 } : op)));
    expect(labels(operations)).toEqual(['1', 'b2', 'a1', 'a3', '2', 'b1', 'blank']);
    for (const op of operations) expect(editOperationSchema.safeParse(op).success).toBe(true);
  });

  it('are sent with the document', () => {
    const { pdfs, operations } = buildOperations({ pages: [slot(1), from(annex, 1, 1)], objects: [], form: {} }, false, 1);
    expect(pdfs).toEqual([annex]);
    expect(operations).toEqual([{ type: 'insert-pdf', after: 1, file: 1 }]);
  });
});

describe('buildOperations', () => {
  const state: EditorState = {
    pages: [slot(2), slot(1)],
    form: { Name: 'Alex' },
    objects: [
      { id: 'a', kind: 'text', page: 1, x: 10, y: 20, width: 100, text: 'Hi', size: 12, color: '#000000', bold: true, italic: false, align: 'left', rotation: 0 },
      { id: 'b', kind: 'image', page: 2, x: 1, y: 2, width: 30, height: 40, image: new Blob(['x']), rotation: 0 },
      { id: 'c', kind: 'highlight', page: 2, rects: [{ x: 1, y: 1, width: 5, height: 5 }], color: '#FFEB3B' },
      { id: 'd', kind: 'image', page: 1, x: 1, y: 2, width: 30, height: 40, image: new Blob(['y']), rotation: 0 },
    ],
  };

  it('numbers images by their order among the images sent', () => {
    const { operations, images } = buildOperations(state, true, 2);
    expect(images).toHaveLength(2);
    expect(operations.filter((op) => op.type === 'image').map((op) => op.file)).toEqual([1, 2]);
    expect(operations.at(-2)).toEqual({ type: 'form', values: { Name: 'Alex' }, flatten: true });
    expect(operations.at(-1)).toEqual({ type: 'reorder-pages', order: [2, 1] });
  });

  it('gives content operations the schema accepts', () => {
    for (const op of buildOperations(state, false, 2).operations.filter((o) => o.type !== 'image')) {
      expect(editOperationSchema.safeParse(op).success, JSON.stringify(op)).toBe(true);
    }
  });

  it('leaves out objects on deleted pages', () => {
    const { operations } = buildOperations({ ...state, pages: [slot(2)] }, false, 2);
    expect(operations.filter((op) => 'page' in op && op.type !== 'delete-page').every((op) => op.page === 2)).toBe(true);
  });
});
