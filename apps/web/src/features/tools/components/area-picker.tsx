import type { RedactionArea, RedactionMatch } from '@wattle/shared';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Label } from '@/components/ui/label';
import { renderPage } from '../lib/pdfjs';

const WIDTH = 320;

type Box = Omit<RedactionArea, 'page'>;

/**
 * One page drawn large enough to aim at, where dragging draws an area to black out. Boxes are kept in
 * points from the bottom-left of the page as shown (pdf.js's viewport is the page as shown). The typed
 * fields beside it are the keyboard way to the same areas.
 */
export function AreaPicker({
  doc,
  pageCount,
  areas,
  matches,
  onAdd,
}: {
  doc: PDFDocumentProxy;
  pageCount: number;
  areas: readonly RedactionArea[];
  matches: readonly RedactionMatch[];
  onAdd: (area: RedactionArea) => void;
}) {
  const id = useId();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<{ width: number; height: number }>();
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number }>();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      const { width, height } = p.getViewport({ scale: 1 });
      if (!cancelled) setSize({ width, height });
    });
    if (canvasRef.current) void renderPage(doc, page, canvasRef.current, WIDTH).catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [doc, page]);

  const scale = size ? WIDTH / size.width : 1;
  const local = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: Math.min(Math.max(event.clientX - rect.left, 0), rect.width), y: Math.min(Math.max(event.clientY - rect.top, 0), rect.height) };
  };
  const toPoints = (d: NonNullable<typeof drag>): Box => {
    const left = Math.min(d.x0, d.x1);
    const top = Math.min(d.y0, d.y1);
    const width = Math.abs(d.x1 - d.x0) / scale;
    const height = Math.abs(d.y1 - d.y0) / scale;
    return { x: round(left / scale), y: round((size?.height ?? 0) - top / scale - height), width: round(width), height: round(height) };
  };
  const style = (box: Box) => ({ left: box.x * scale, top: ((size?.height ?? 0) - box.y - box.height) * scale, width: box.width * scale, height: box.height * scale });

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-page`}>Page</Label>
        <select
          id={`${id}-page`}
          className="h-9 rounded-md border bg-background px-2 text-sm"
          value={page}
          onChange={(e) => setPage(Number(e.target.value))}
        >
          {Array.from({ length: pageCount }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      </div>
      <div
        data-testid="area-picker"
        className="relative cursor-crosshair touch-none select-none"
        style={{ width: WIDTH, maxWidth: '100%', height: size ? size.height * scale : WIDTH * 1.4 }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const p = local(e);
          setDrag({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
        }}
        onPointerMove={(e) => drag && setDrag({ ...drag, ...(({ x, y }) => ({ x1: x, y1: y }))(local(e)) })}
        onPointerUp={() => {
          if (drag && size) {
            const box = toPoints(drag);
            if (box.width >= 2 && box.height >= 2) onAdd({ page, ...box });
          }
          setDrag(undefined);
        }}
      >
        <canvas ref={canvasRef} aria-hidden className="absolute inset-0 bg-white shadow-sm ring-1 ring-black/10" style={{ width: '100%', height: '100%' }} />
        {matches
          .filter((m) => m.page === page)
          .flatMap((m) => m.boxes)
          .map((box, i) => (
            <div key={`m${i}`} aria-hidden className="absolute border-2 border-rose-500 bg-rose-500/20" style={style(box)} />
          ))}
        {areas
          .filter((a) => a.page === page)
          .map((box, i) => (
            <div key={`a${i}`} aria-hidden className="absolute bg-black/80" style={style(box)} />
          ))}
        {drag && <div aria-hidden className="absolute border-2 border-dashed border-black bg-black/40" style={style(toPoints(drag))} />}
      </div>
    </div>
  );
}

const round = (n: number) => Math.round(n * 10) / 10;
