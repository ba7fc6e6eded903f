import type { PDFDocumentProxy } from 'pdfjs-dist';

let pdfjs: Promise<typeof import('pdfjs-dist')> | undefined;

/** pdf.js, loaded on first use with its worker bundled from our own origin (never a CDN). */
function loadPdfJs(): Promise<typeof import('pdfjs-dist')> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

export class PdfPasswordError extends Error {}

/**
 * Opens a PDF for viewing only. Nothing in the file runs: no eval (isEvalSupported false), no
 * scripting, no XFA forms, and only canvas rendering (no annotation layer, so no live links).
 */
export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const lib = await loadPdfJs();
  const task = lib.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
  });
  // A password prompt would wait for ever: stop at once and say so.
  task.onPassword = () => void task.destroy();
  try {
    return await task.promise;
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException' || task.destroyed) throw new PdfPasswordError();
    throw error;
  }
}
