import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon, ChevronUpIcon, DownloadIcon, MaximizeIcon, MinusIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { downloadUrl, pageImageUrl } from '../api/viewer';
import { useDwellReporter } from '../hooks/use-dwell-reporter';

const ZOOM_MIN = 0.5;
const ZOOM_MAX = 3;
const ZOOM_STEP = 0.25;
/** Pages never grow wider than this at "fit width" on a wide screen: lines stay readable. */
const FIT_MAX_WIDTH = 960;

/**
 * The document as page images in one scrolling column: page navigation (number and previous/next),
 * zoom and fit width, a download button only when the link allows it. Images are asked for at the
 * width they are shown (times the screen's pixel ratio); the server rounds that to a few sizes.
 */
export function PageReader({ token, name, pages, allowDownload }: { token: string; name: string; pages: { width: number; height: number }[]; allowDownload: boolean }) {
  const column = useRef<HTMLDivElement>(null);
  const pageRefs = useRef<(HTMLElement | null)[]>([]);
  const [fitWidth, setFitWidth] = useState(800);
  const [zoom, setZoom] = useState(1);
  const [current, setCurrent] = useState(1);
  const [typed, setTyped] = useState('1');
  useDwellReporter(token, current);

  useLayoutEffect(() => {
    const el = column.current;
    if (!el) return;
    const measure = () => setFitWidth(Math.max(200, Math.min(FIT_MAX_WIDTH, el.clientWidth - 16)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The page most in view is the current one.
  useEffect(() => {
    const ratios = new Map<number, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(Number((entry.target as HTMLElement).dataset.page), entry.intersectionRatio);
        let best = 1;
        let bestRatio = -1;
        for (const [page, ratio] of ratios) if (ratio > bestRatio) [best, bestRatio] = [page, ratio];
        setCurrent(best);
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const el of pageRefs.current) if (el) observer.observe(el);
    return () => observer.disconnect();
  }, [pages.length]);

  useEffect(() => setTyped(String(current)), [current]);

  const goTo = (page: number) => {
    const target = Math.min(pages.length, Math.max(1, page));
    pageRefs.current[target - 1]?.scrollIntoView({ block: 'start' });
    setCurrent(target);
  };
  const onPageKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') goTo(Number(typed) || current);
  };

  const shownWidth = Math.round(fitWidth * zoom);
  const requestWidth = Math.min(2000, Math.ceil(shownWidth * (window.devicePixelRatio || 1)));

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="toolbar" aria-label="Document controls" className="sticky top-0 z-10 flex flex-wrap items-center justify-center gap-2 border-b bg-background/95 px-2 py-2 backdrop-blur">
        <Button variant="ghost" size="icon" onClick={() => goTo(current - 1)} disabled={current <= 1} aria-label="Previous page">
          <ChevronUpIcon />
        </Button>
        <label className="flex items-center gap-1 text-sm">
          <span className="sr-only">Page number</span>
          <Input
            className="h-8 w-14 text-center"
            inputMode="numeric"
            value={typed}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
            onKeyDown={onPageKey}
            // Only a changed number moves the pages: tabbing through leaves the reading place alone.
            onBlur={() => Number(typed) !== current && goTo(Number(typed) || current)}
            aria-label="Page number"
          />
          <span aria-hidden="true">/ {pages.length}</span>
        </label>
        <Button variant="ghost" size="icon" onClick={() => goTo(current + 1)} disabled={current >= pages.length} aria-label="Next page">
          <ChevronDownIcon />
        </Button>
        <span className="mx-1 h-6 w-px bg-border" aria-hidden="true" />
        <Button variant="ghost" size="icon" onClick={() => setZoom((z) => Math.max(ZOOM_MIN, z - ZOOM_STEP))} disabled={zoom <= ZOOM_MIN} aria-label="Zoom out">
          <MinusIcon />
        </Button>
        <span className="w-12 text-center text-sm tabular-nums">
          {Math.round(zoom * 100)}%
        </span>
        <Button variant="ghost" size="icon" onClick={() => setZoom((z) => Math.min(ZOOM_MAX, z + ZOOM_STEP))} disabled={zoom >= ZOOM_MAX} aria-label="Zoom in">
          <PlusIcon />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setZoom(1)} aria-label="Fit width">
          <MaximizeIcon />
          <span className="hidden sm:inline">Fit width</span>
        </Button>
        {allowDownload && (
          <Button asChild size="sm" variant="outline">
            <a href={downloadUrl(token)} download>
              <DownloadIcon />
              Download
            </a>
          </Button>
        )}
        <p className="sr-only" aria-live="polite">
          Page {current} of {pages.length}
        </p>
      </div>
      {/* Focusable, so the keyboard (arrows, Page Up/Down, Space) scrolls the pages. */}
      <div ref={column} tabIndex={0} role="region" aria-label="Pages" className="flex-1 overflow-auto bg-muted/40 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <ol className="mx-auto flex flex-col items-center gap-4" aria-label={name}>
          {pages.map((size, index) => (
            <li
              key={index}
              ref={(el) => {
                pageRefs.current[index] = el;
              }}
              data-page={index + 1}
              className="scroll-mt-16 bg-white shadow-md"
              style={{ width: shownWidth, aspectRatio: `${size.width} / ${size.height}` }}
            >
              <img
                src={pageImageUrl(token, index + 1, requestWidth)}
                alt={`Page ${index + 1} of ${pages.length}`}
                loading={index < 2 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
                className="block h-full w-full select-none"
              />
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
