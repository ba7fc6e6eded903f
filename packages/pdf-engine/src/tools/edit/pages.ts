import { degrees, PDFName, type PDFDocument } from '@cantoo/pdf-lib';
import type { AttachedPdfs, PageOperation } from './validate.ts';

/** Page operations, applied last and in order; each names pages as they stand after the ones before it. */
export async function applyPageOperation(doc: PDFDocument, operation: PageOperation, attachedPdfs: AttachedPdfs): Promise<void> {
  switch (operation.type) {
    case 'rotate-page': {
      const page = doc.getPage(operation.page - 1);
      page.setRotation(degrees((((page.getRotation().angle + operation.angle) % 360) + 360) % 360));
      return;
    }
    case 'delete-page':
      doc.removePage(operation.page - 1);
      return;
    case 'insert-page':
      doc.insertPage(operation.after, [operation.width, operation.height]);
      return;
    case 'insert-pdf': {
      const source = attachedPdfs.get(operation.file)!;
      const copies = await doc.copyPages(source, source.getPageIndices());
      for (const [i, page] of copies.entries()) doc.insertPage(operation.after + i, page);
      return;
    }
    case 'reorder-pages':
      reorderPages(doc, operation.order);
  }
}

/**
 * Moves page tree leaves one at a time (pdf-lib's removePage deletes the page object, so it cannot
 * move one). Each page first takes its inherited box, rotation and resources as its own, because it
 * may land under another parent node.
 */
function reorderPages(doc: PDFDocument, order: readonly number[]): void {
  const original = doc.getPages();
  for (const page of original) {
    page.node.normalize();
    for (const key of ['MediaBox', 'CropBox', 'Rotate', 'Resources'] as const) {
      const inherited = page.node[key]();
      if (inherited) page.node.set(PDFName.of(key), inherited);
    }
  }
  const current = [...original];
  for (const [i, n] of order.entries()) {
    const page = original[n - 1]!;
    const at = current.indexOf(page);
    if (at === i) continue;
    doc.catalog.removeLeafNode(at);
    doc.catalog.insertLeafNode(page.ref, i);
    current.splice(at, 1);
    current.splice(i, 0, page);
  }
  // pdf-lib caches the page list and has no public way to refresh it after a move.
  (doc as unknown as { pageCache: { invalidate(): void } }).pageCache.invalidate();
}
