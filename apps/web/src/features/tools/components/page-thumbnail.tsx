import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { renderPage } from '../lib/pdfjs';

const THUMBNAIL_WIDTH = 160;

/**
 * One page drawn by pdf.js once it scrolls near the viewport, inside a square box so a page turned
 * by 90° still fits. `rotation` previews a rotation without re-rendering.
 */
export function PageThumbnail({
  doc,
  pageNumber,
  rotation = 0,
  tight = false,
  className,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  rotation?: number;
  /** A small box (a file's row) keeps only a sliver of margin around the page. */
  tight?: boolean;
  className?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'waiting' | 'drawn' | 'failed'>('waiting');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    setState('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        renderPage(doc, pageNumber, canvas, THUMBNAIL_WIDTH).then(
          () => !cancelled && setState('drawn'),
          () => !cancelled && setState('failed'),
        );
      },
      { rootMargin: '300px' },
    );
    observer.observe(canvas);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [doc, pageNumber]);

  return (
    <div className={cn('relative aspect-square overflow-hidden', className)}>
      {/* Absolutely placed with auto margins: the page keeps its shape inside the square, turned or not. */}
      <canvas
        ref={canvasRef}
        aria-hidden
        className={cn(
          'absolute m-auto bg-white shadow-sm ring-1 ring-black/10 transition-transform duration-300',
          tight ? 'inset-1 max-h-[calc(100%-0.5rem)] max-w-[calc(100%-0.5rem)]' : 'inset-2.5 max-h-[calc(100%-1.25rem)] max-w-[calc(100%-1.25rem)]',
          state !== 'drawn' && 'invisible',
        )}
        style={{ rotate: `${rotation}deg` }}
      />
      {state === 'waiting' && <Skeleton className={cn('absolute rounded-sm', tight ? 'inset-1' : 'inset-3')} />}
      {state === 'failed' && <span className="absolute inset-0 grid place-items-center text-xs text-muted-foreground">No preview</span>}
    </div>
  );
}
