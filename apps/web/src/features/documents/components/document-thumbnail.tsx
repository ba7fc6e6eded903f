import { FileTextIcon, LockIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { DocumentItem } from '@wattle/shared';
import { fetchDocumentBytes } from '../api/documents';
import { openPdf } from '../lib/pdf';

const THUMB_WIDTH = 36;

/**
 * The first page, drawn in the browser with pdf.js once the row scrolls into view (pdf.js loads only
 * then); an icon until it is drawn, and for a locked or unreadable PDF.
 */
export function DocumentThumbnail({ document }: { document: Pick<DocumentItem, 'id' | 'encrypted' | 'version'> }) {
  const frameRef = useRef<HTMLSpanElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'waiting' | 'drawn' | 'failed'>('waiting');

  useEffect(() => {
    const frame = frameRef.current;
    const canvas = canvasRef.current;
    if (!frame || !canvas || document.encrypted) return;
    const abort = new AbortController();
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void draw(document.id, canvas, abort.signal).then(
        () => !abort.signal.aborted && setState('drawn'),
        () => !abort.signal.aborted && setState('failed'),
      );
    });
    // The frame, not the canvas: a hidden canvas never comes into view.
    observer.observe(frame);
    return () => {
      observer.disconnect();
      abort.abort();
    };
    // A new version is a new first page.
  }, [document.id, document.encrypted, document.version]);

  const Icon = document.encrypted ? LockIcon : FileTextIcon;
  return (
    <span ref={frameRef} className="relative grid h-12 w-9 shrink-0 place-items-center overflow-hidden rounded-md border bg-primary/10 text-primary" aria-hidden>
      {state !== 'drawn' && <Icon className="size-4" />}
      <canvas ref={canvasRef} data-testid="document-thumbnail" data-drawn={state === 'drawn' || undefined} className="absolute inset-0 size-full bg-white object-contain data-[drawn]:block hidden" />
    </span>
  );
}

async function draw(id: string, canvas: HTMLCanvasElement, signal: AbortSignal): Promise<void> {
  const pdf = await openPdf(await fetchDocumentBytes(id, signal));
  try {
    const page = await pdf.getPage(1);
    if (signal.aborted) return;
    const scale = (THUMB_WIDTH * (window.devicePixelRatio || 1) * 2) / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise;
  } finally {
    void pdf.destroy();
  }
}
