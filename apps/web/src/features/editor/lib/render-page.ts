import { TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';

/**
 * Draws one page at `scale` CSS pixels per point (sharp on high-density screens) and lays its text
 * over it as transparent spans, so the user can select text to highlight. Returns a cancel function.
 */
export function renderPageWithText(doc: PDFDocumentProxy, pageNumber: number, scale: number, canvas: HTMLCanvasElement, textLayer: HTMLElement, onDrawn?: () => void): () => void {
  let cancelled = false;
  let task: RenderTask | undefined;
  let text: TextLayer | undefined;
  void (async () => {
    const page = await doc.getPage(pageNumber);
    if (cancelled) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
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
    onDrawn?.();
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
