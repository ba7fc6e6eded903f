import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded only when a page needs thumbnails. Documents come from strangers: eval stays off,
 * XFA and scripting are never enabled, and the worker is served from our own origin.
 */
async function loadPdfjs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}

export type PdfOpenFailure = 'password' | 'unreadable';

export class PdfOpenError extends Error {
  constructor(readonly reason: PdfOpenFailure) {
    super(reason === 'password' ? 'This PDF is protected by a password.' : 'This PDF could not be read.');
    this.name = 'PdfOpenError';
  }
}

export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  try {
    return await pdfjs.getDocument({ data, isEvalSupported: false, enableXfa: false, stopAtErrors: false }).promise;
  } catch (error) {
    // pdf.js does not export PasswordException; its errors carry the class name instead.
    throw new PdfOpenError((error as { name?: unknown } | null)?.name === 'PasswordException' ? 'password' : 'unreadable');
  }
}

/** Draws one page into the canvas at the given CSS width, sharp on high-density screens. */
export async function renderPage(doc: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
  page.cleanup();
}
