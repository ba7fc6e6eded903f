import { ChevronLeftIcon, ChevronRightIcon, ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';

export type ViewerMode = 'continuous' | 'single';

const GAP_PX = 16;
const MAX_PAGE_WIDTH = 900;
/** Zoom steps, as a share of the width that fits the view. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/**
 * The PDF's real pages on canvases. Continuous: every page in one scroll, each drawn as it nears the
 * view; single: one page at a time. Both have "Page x of y" with previous and next, and zoom.
 */
export function PdfViewer({ pdf, mode }: { pdf: PDFDocumentProxy; mode: ViewerMode }) {
  const total = pdf.numPages;
  const [page, setPage] = useState(1);
  const scrollRef = useRef<HTMLDivElement>(null);
  const slots = useRef<Array<HTMLDivElement | null>>([]);
  const [zoom, setZoom] = useState(ZOOMS.indexOf(1));
  const width = Math.round(Math.min(MAX_PAGE_WIDTH, useWidth(scrollRef) - 2 * GAP_PX) * ZOOMS[zoom]!);
  const ratio = useFirstPageRatio(pdf);

  const go = (target: number) => {
    const next = Math.min(total, Math.max(1, target));
    setPage(next);
    const slot = slots.current[next - 1];
    if (mode === 'continuous' && slot && scrollRef.current) scrollRef.current.scrollTo({ top: slot.offsetTop - GAP_PX });
  };

  // In continuous mode the page shown is the one at the upper third of the view.
  const onScroll = () => {
    const container = scrollRef.current;
    if (mode !== 'continuous' || !container) return;
    const mark = container.scrollTop + container.clientHeight / 3;
    let current = 1;
    for (let i = 0; i < total; i++) {
      const slot = slots.current[i];
      if (slot && slot.offsetTop <= mark) current = i + 1;
      else break;
    }
    setPage(current);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center justify-center gap-2 border-b bg-background px-3 py-2">
        <Button variant="outline" size="sm" onClick={() => go(page - 1)} disabled={page <= 1} aria-label="Previous page">
          <ChevronLeftIcon aria-hidden />
        </Button>
        <span className="min-w-28 text-center text-sm tabular-nums" aria-live="polite" data-testid="page-indicator">
          Page {page} of {total}
        </span>
        <Button variant="outline" size="sm" onClick={() => go(page + 1)} disabled={page >= total} aria-label="Next page">
          <ChevronRightIcon aria-hidden />
        </Button>
        <span className="mx-1 h-5 w-px bg-border" aria-hidden />
        <Button variant="outline" size="sm" onClick={() => setZoom(zoom - 1)} disabled={zoom === 0} aria-label="Zoom out">
          <ZoomOutIcon aria-hidden />
        </Button>
        <span className="min-w-12 text-center text-sm tabular-nums" aria-live="polite" data-testid="zoom-level">
          {Math.round(ZOOMS[zoom]! * 100)}%
        </span>
        <Button variant="outline" size="sm" onClick={() => setZoom(zoom + 1)} disabled={zoom === ZOOMS.length - 1} aria-label="Zoom in">
          <ZoomInIcon aria-hidden />
        </Button>
      </div>
      {/* Focusable, so the pages scroll by keyboard too (axe: scrollable-region-focusable). */}
      <div
        ref={scrollRef}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label="Pages"
        className="relative min-h-0 flex-1 overflow-auto bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        data-testid="pdf-pages"
      >
        {width > 0 && (
          <div className="flex w-max min-w-full flex-col items-center" style={{ gap: GAP_PX, padding: GAP_PX }}>
            {mode === 'single' ? (
              <PdfPage key={page} pdf={pdf} number={page} width={width} ratio={ratio} eager />
            ) : (
              Array.from({ length: total }, (_, i) => (
                <div key={i} ref={(el) => void (slots.current[i] = el)}>
                  <PdfPage pdf={pdf} number={i + 1} width={width} ratio={ratio} root={scrollRef} />
                </div>
              ))
            )}
          </div>
        )}
      </div>
    </div>
  );
}

interface PdfPageProps {
  pdf: PDFDocumentProxy;
  number: number;
  width: number;
  /** Height over width, for the placeholder before the page is drawn. */
  ratio: number;
  /** Draw at once rather than when scrolled near. */
  eager?: boolean;
  root?: RefObject<HTMLElement | null>;
}

function PdfPage({ pdf, number, width, ratio, eager, root }: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(Boolean(eager));
  const [height, setHeight] = useState(Math.round(width * ratio));

  useEffect(() => {
    if (visible || !canvasRef.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      root: root?.current,
      rootMargin: '100% 0px',
    });
    observer.observe(canvasRef.current);
    return () => observer.disconnect();
  }, [visible, root]);

  useEffect(() => {
    if (!visible) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    void pdf.getPage(number).then((pdfPage) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const scale = width / pdfPage.getViewport({ scale: 1 }).width;
      const pixelRatio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: scale * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      setHeight(Math.round(viewport.height / pixelRatio));
      task = pdfPage.render({ canvas, viewport });
      task.promise.then(
        () => canvas.setAttribute('data-rendered', 'true'),
        () => {},
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, width, visible]);

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={`Page ${number}`}
      className="block bg-white shadow-md ring-1 ring-black/5"
      style={{ width, height }}
    />
  );
}

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function useFirstPageRatio(pdf: PDFDocumentProxy): number {
  const [ratio, setRatio] = useState(Math.SQRT2);
  const measure = useCallback(async () => {
    const viewport = (await pdf.getPage(1)).getViewport({ scale: 1 });
    setRatio(viewport.height / viewport.width);
  }, [pdf]);
  useEffect(() => void measure().catch(() => {}), [measure]);
  return ratio;
}
