import { TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';

/**
 * Draws one page at `scale` CSS pixels per point (sharp on high-density screens) into `host`, and lays
 * its text over it as transparent spans, so the user can select text to highlight. Each drawing gets
 * a new canvas that replaces the old one when done: pdf.js refuses a canvas that a cancelled drawing
 * still holds, and the old picture stays up meanwhile. Returns a cancel function.
 */
export function renderPageWithText(doc: PDFDocumentProxy, pageNumber: number, scale: number, host: HTMLElement, textLayer: HTMLElement): () => void {
  let cancelled = false;
  let task: RenderTask | undefined;
  let text: TextLayer | undefined;
  void (async () => {
    const page = await doc.getPage(pageNumber);
    if (cancelled) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const canvas = document.createElement('canvas');
    canvas.className = 'absolute inset-0 size-full';
    canvas.setAttribute('aria-hidden', 'true');
    const viewport = page.getViewport({ scale });
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    task = page.render({ canvas, viewport: page.getViewport({ scale: scale * ratio }) });
    try {
      await task.promise;
    } catch {
      return; // cancelled by a newer zoom
    }
    if (cancelled) return;
    host.replaceChildren(canvas);
    textLayer.replaceChildren();
    textLayer.style.setProperty('--total-scale-factor', String(scale));
    text = new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport });
    await text.render().catch(() => undefined);
  })();
  return () => {
    cancelled = true;
    task?.cancel();
    text?.cancel();
  };
}
