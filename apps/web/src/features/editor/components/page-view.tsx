import './text-layer.css';
import type { PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { cn } from '@/lib/utils';
import { boundsOf, dragHandle, moveObject, resizeObject, toPagePoint, type Handle, type PageFrame } from '../lib/geometry';
import { renderPageWithText } from '../lib/render-page';
import type { EditorObject, PageSlot, Point } from '../model/types';
import { isMarkupTool } from '../model/placement';
import { useEditor } from './editor-context';
import { FormFieldsLayer } from '../forms/form-fields-layer';
import { ObjectView } from './object-view';
import { InsertedLabel } from './page-rail';

type Drag =
  | { kind: 'object'; id: string; action: 'move' | Handle | 'rotate'; start: Point; current: Point }
  | { kind: 'place'; start: Point; current: Point; points: Point[] };

/** Drawing starts when a page comes within a screen's height of the viewport. */
function useNearViewport(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

/** One page: the drawing, its text layer, and the objects on it, all turned together by the editor's turn. */
export function PageView({ slot, index }: { slot: PageSlot; index: number }) {
  const editor = useEditor();
  const { scale, tool, store } = editor;
  const outerRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const canvasHost = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const near = useNearViewport(outerRef);
  const [page, setPage] = useState<PDFPageProxy | null>(null);

  useEffect(() => {
    if (!near || slot.source === null || editor.formFields.length === 0) return;
    let cancelled = false;
    void editor.doc.getPage(slot.source).then((p) => !cancelled && setPage(p));
    return () => {
      cancelled = true;
    };
  }, [near, slot.source, editor.doc, editor.formFields.length]);

  useEffect(() => {
    if (!near || slot.source === null || !canvasHost.current || !textRef.current) return;
    return renderPageWithText(editor.doc, slot.source, scale, canvasHost.current, textRef.current);
  }, [near, slot.source, scale, editor.doc]);

  const frame = (): PageFrame => ({ rect: pageRef.current!.getBoundingClientRect(), scale, width: slot.width, height: slot.height, turn: slot.turn });

  /** Follows one pointer until it is lifted, then hands the gesture over. */
  function track(event: ReactPointerEvent, first: Drag, done: (last: Drag) => void) {
    event.preventDefault();
    event.stopPropagation();
    let last = first;
    setDrag(first);
    const move = (e: PointerEvent) => {
      if (e.pointerId !== event.pointerId) return;
      const current = toPagePoint(e.clientX, e.clientY, frame());
      last = last.kind === 'place' ? { ...last, current, points: [...last.points, current] } : { ...last, current };
      setDrag(last);
    };
    const up = (e: PointerEvent) => {
      if (e.pointerId !== event.pointerId) return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      setDrag(null);
      done(last);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  }

  function startObjectDrag(event: ReactPointerEvent, object: EditorObject, action: 'move' | Handle | 'rotate') {
    if (editor.readOnly || event.button > 0) return;
    editor.select(object.id);
    const start = toPagePoint(event.clientX, event.clientY, frame());
    track(event, { kind: 'object', id: object.id, action, start, current: start }, (last) => {
      if (last.kind !== 'object' || (last.current.x === last.start.x && last.current.y === last.start.y)) return;
      store.updateObject(object.id, (o) => dragged(o, last));
    });
  }

  function startPlacing(event: ReactPointerEvent) {
    if (editor.readOnly || tool === 'select' || isMarkupTool(tool) || slot.source === null || event.button > 0) return;
    const start = toPagePoint(event.clientX, event.clientY, frame());
    const page = slot.source;
    track(event, { kind: 'place', start, current: start, points: [start] }, (last) => {
      if (last.kind !== 'place') return;
      const box = { x: Math.min(last.start.x, last.current.x), y: Math.min(last.start.y, last.current.y), width: Math.abs(last.current.x - last.start.x), height: Math.abs(last.current.y - last.start.y) };
      editor.place(tool, { page, start: last.start, box, points: last.points });
    });
  }

  const objects = slot.source === null ? [] : store.state.objects.filter((o) => o.page === slot.source);
  const placing = tool !== 'select' && !isMarkupTool(tool) && !editor.readOnly;
  const turned = slot.turn % 180 !== 0;
  const [w, h] = [slot.width * scale, slot.height * scale];

  return (
    <div
      ref={outerRef}
      data-page-index={index}
      className="relative mx-auto shrink-0"
      style={{ width: turned ? h : w, height: turned ? w : h }}
    >
      <div
        ref={pageRef}
        data-page-key={slot.key}
        aria-label={`Page ${index + 1}`}
        role="group"
        className="absolute top-1/2 left-1/2 bg-white shadow-md ring-1 ring-black/10"
        style={{ width: w, height: h, transform: `translate(-50%, -50%) rotate(${slot.turn}deg)` }}
        onPointerUp={() => isMarkupTool(tool) && editor.markSelection(tool)}
      >
        {slot.source === null && (
          // Content lands on the opened PDF's pages (decision 072); a page added here takes it after a save.
          <p className="absolute inset-x-0 top-1/2 flex -translate-y-1/2 flex-col gap-1 px-4 text-center text-sm text-neutral-500">
            {slot.inserted ? (
              <>
                <InsertedLabel page={slot.inserted} />
                <span>Inserted page: save, then add content to it.</span>
              </>
            ) : (
              'Blank page: save, then add content to it.'
            )}
          </p>
        )}
        {slot.source !== null && (
          <>
            <div ref={canvasHost} className="absolute inset-0" />
            <div ref={textRef} className="textLayer" />
          </>
        )}
        {page && !editor.readOnly && <FormFieldsLayer page={page} scale={scale} fields={editor.formFields} values={store.state.form} onChange={editor.setFormValue} />}
        <div
          className={cn('absolute inset-0', placing ? 'cursor-crosshair touch-none' : 'pointer-events-none')}
          onPointerDown={startPlacing}
        >
          {objects.map((object) => {
            const shown = drag?.kind === 'object' && drag.id === object.id ? dragged(object, drag) : object;
            return (
              <div key={object.id} className="pointer-events-auto">
                <ObjectView
                  object={shown}
                  scale={scale}
                  selected={editor.selectedId === object.id}
                  editing={editor.editingId === object.id}
                  imageUrl={object.kind === 'image' ? editor.imageUrls.get(object.image) : undefined}
                  onPointerDown={(event, action) => startObjectDrag(event, object, action)}
                  onFocus={() => editor.select(object.id)}
                  onEdit={() => editor.setEditingId(object.id)}
                  onEditDone={(text) => editor.finishEdit(object, text)}
                />
              </div>
            );
          })}
          {drag?.kind === 'place' && <PlacingPreview drag={drag} scale={scale} ink={tool === 'ink'} />}
        </div>
      </div>
    </div>
  );
}

/** The object as the drag in progress leaves it. */
function dragged(object: EditorObject, drag: Extract<Drag, { kind: 'object' }>): EditorObject {
  const dx = drag.current.x - drag.start.x;
  const dy = drag.current.y - drag.start.y;
  if (drag.action === 'move') return moveObject(object, dx, dy);
  if (drag.action === 'rotate') {
    const b = boundsOf(object);
    const degrees = (Math.atan2(drag.current.y - (b.y + b.height / 2), drag.current.x - (b.x + b.width / 2)) * 180) / Math.PI + 90;
    return { ...object, rotation: Math.round(((degrees + 540) % 360) - 180) } as EditorObject;
  }
  return resizeObject(object, dragHandle(boundsOf(object), drag.action, dx, dy));
}

function PlacingPreview({ drag, scale, ink }: { drag: Extract<Drag, { kind: 'place' }>; scale: number; ink: boolean }) {
  if (ink) {
    return (
      <svg aria-hidden className="pointer-events-none absolute inset-0 size-full overflow-visible">
        <polyline points={drag.points.map((p) => `${p.x * scale},${p.y * scale}`).join(' ')} fill="none" stroke="currentColor" strokeWidth={2} />
      </svg>
    );
  }
  const x = Math.min(drag.start.x, drag.current.x);
  const y = Math.min(drag.start.y, drag.current.y);
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute border-2 border-dashed border-primary"
      style={{ left: x * scale, top: y * scale, width: Math.abs(drag.current.x - drag.start.x) * scale, height: Math.abs(drag.current.y - drag.start.y) * scale }}
    />
  );
}
