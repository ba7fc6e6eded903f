import { MessageSquareTextIcon } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { cn } from '@/lib/utils';
import { boundsOf, isResizable, isRotatable, type Handle } from '../lib/geometry';
import { LINE_HEIGHT, NOTE_SIZE, type EditorObject, type Point } from '../model/types';

const LABELS: Record<EditorObject['kind'], string> = {
  text: 'Text box',
  image: 'Image',
  rectangle: 'Rectangle',
  ellipse: 'Ellipse',
  whiteout: 'Whiteout',
  line: 'Line',
  arrow: 'Arrow',
  ink: 'Drawing',
  highlight: 'Highlight',
  underline: 'Underline',
  strikeout: 'Strike-through',
  note: 'Comment',
  stamp: 'Stamp',
};

export const objectLabel = (object: EditorObject) => (object.kind === 'text' || object.kind === 'note' ? `${LABELS[object.kind]}: ${object.text.slice(0, 40)}` : LABELS[object.kind]);

interface ObjectViewProps {
  object: EditorObject;
  scale: number;
  selected: boolean;
  editing: boolean;
  imageUrl?: string;
  onPointerDown: (event: PointerEvent, action: 'move' | Handle | 'rotate') => void;
  onFocus: () => void;
  /** Double-click (or Enter) opens a text box or a comment for typing. */
  onEdit: () => void;
  onEditDone: (text: string) => void;
}

/** One placed object, drawn in page points scaled to the screen; a focusable, labelled control. */
export function ObjectView({ object, scale, selected, editing, imageUrl, onPointerDown, onFocus, onEdit, onEditDone }: ObjectViewProps) {
  const bounds = boundsOf(object);
  // Thin lines get a wider grip so they can be picked up with a finger.
  const pad = ['line', 'arrow', 'ink', 'underline', 'strikeout'].includes(object.kind) ? 6 : 0;
  const rotation = isRotatable(object) ? object.rotation : 0;
  const style: CSSProperties = {
    left: (bounds.x - pad) * scale,
    top: (bounds.y - pad) * scale,
    width: (bounds.width + pad * 2) * scale,
    height: (bounds.height + pad * 2) * scale,
    transform: rotation ? `rotate(${rotation}deg)` : undefined,
  };
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={objectLabel(object)}
      aria-pressed={selected}
      data-object-id={object.id}
      className={cn(
        'absolute touch-none outline-none select-none focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'ring-2 ring-primary',
        editing ? 'cursor-text' : 'cursor-move',
      )}
      style={style}
      onFocus={onFocus}
      onDoubleClick={() => (object.kind === 'text' || object.kind === 'note') && onEdit()}
      onPointerDown={(event) => !editing && onPointerDown(event, 'move')}
    >
      <Content object={object} scale={scale} pad={pad} editing={editing} imageUrl={imageUrl} onEditDone={onEditDone} />
      {selected && !editing && isResizable(object) && (
        <>
          {(['nw', 'ne', 'sw', 'se'] as const).map((handle) => (
            <span
              key={handle}
              aria-hidden
              data-handle={handle}
              className={cn(
                'absolute size-3 touch-none rounded-full border-2 border-primary bg-background',
                handle[0] === 'n' ? '-top-1.5' : '-bottom-1.5',
                handle[1] === 'w' ? '-left-1.5 cursor-nwse-resize' : '-right-1.5 cursor-nesw-resize',
                (handle === 'nw' || handle === 'se') && 'cursor-nwse-resize',
              )}
              onPointerDown={(event) => onPointerDown(event, handle)}
            />
          ))}
          {isRotatable(object) && (
            <span
              aria-hidden
              data-handle="rotate"
              className="absolute -top-6 left-1/2 size-3 -translate-x-1/2 cursor-grab touch-none rounded-full border-2 border-primary bg-primary"
              onPointerDown={(event) => onPointerDown(event, 'rotate')}
            />
          )}
        </>
      )}
    </div>
  );
}

function Content({ object, scale, pad, editing, imageUrl, onEditDone }: { object: EditorObject; scale: number; pad: number; editing: boolean; imageUrl?: string; onEditDone: (text: string) => void }) {
  switch (object.kind) {
    case 'text': {
      const look: CSSProperties = {
        fontSize: object.size * scale,
        lineHeight: LINE_HEIGHT,
        color: object.color,
        fontWeight: object.bold ? 700 : 400,
        fontStyle: object.italic ? 'italic' : 'normal',
        textAlign: object.align,
        fontFamily: '"Noto Sans", system-ui, sans-serif',
      };
      return editing ? <TextEditor initial={object.text} style={look} label="Text" onDone={onEditDone} /> : <div className="whitespace-pre" style={look}>{object.text}</div>;
    }
    case 'note':
      return (
        <>
          <MessageSquareTextIcon aria-hidden className="size-full rounded-sm p-0.5 text-black" style={{ background: object.color }} />
          {editing && (
            <div className="absolute top-full left-0 z-10 mt-1 w-56 rounded-md border bg-popover p-2 shadow-md" style={{ minWidth: NOTE_SIZE }}>
              <TextEditor initial={object.text} style={{ fontSize: 14 }} label="Comment" onDone={onEditDone} className="h-24 w-full" />
            </div>
          )}
        </>
      );
    case 'image':
      return imageUrl ? <img src={imageUrl} alt="" draggable={false} className="size-full" /> : null;
    case 'whiteout':
      return <div className="size-full bg-white outline-1 outline-dashed outline-muted-foreground/40" />;
    case 'stamp':
      return (
        <div className="flex size-full items-center whitespace-nowrap" style={{ color: object.color, fontSize: object.size * scale * 0.8, lineHeight: 1, fontWeight: 700 }}>
          {object.mark === 'tick' ? '✓' : object.mark === 'cross' ? '✗' : object.date}
        </div>
      );
    default:
      return <VectorContent object={object} scale={scale} pad={pad} />;
  }
}

/** Shapes, lines, ink and text markup as SVG in page points. */
function VectorContent({ object, scale, pad }: { object: EditorObject; scale: number; pad: number }) {
  const b = boundsOf(object);
  const viewBox = `${b.x - pad} ${b.y - pad} ${b.width + pad * 2} ${b.height + pad * 2}`;
  return (
    <svg aria-hidden className="pointer-events-none absolute inset-0 size-full overflow-visible" viewBox={viewBox} preserveAspectRatio="none" style={{ width: (b.width + pad * 2) * scale }}>
      <VectorShape object={object} />
    </svg>
  );
}

const path = (points: Point[]) => points.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' ');

function VectorShape({ object }: { object: EditorObject }) {
  switch (object.kind) {
    case 'rectangle':
    case 'ellipse': {
      const paint = { stroke: object.stroke ?? 'none', fill: object.fill ?? 'none', strokeWidth: object.strokeWidth, opacity: object.opacity };
      const { x, y, width, height } = object;
      return object.kind === 'rectangle' ? <rect x={x} y={y} width={width} height={height} {...paint} /> : <ellipse cx={x + width / 2} cy={y + height / 2} rx={width / 2} ry={height / 2} {...paint} />;
    }
    case 'line':
    case 'arrow': {
      const { from, to, stroke, strokeWidth, opacity } = object;
      const angle = Math.atan2(to.y - from.y, to.x - from.x);
      const head = Math.max(8, strokeWidth * 4);
      const wing = (side: number) => ({ x: to.x - head * Math.cos(angle + side * 0.45), y: to.y - head * Math.sin(angle + side * 0.45) });
      return (
        <g stroke={stroke} strokeWidth={strokeWidth} opacity={opacity} fill="none" strokeLinecap="round">
          <path d={path([from, to])} />
          {object.kind === 'arrow' && <path d={path([wing(1), to, wing(-1)])} />}
        </g>
      );
    }
    case 'ink':
      return (
        <g stroke={object.stroke} strokeWidth={object.strokeWidth} opacity={object.opacity} fill="none" strokeLinecap="round" strokeLinejoin="round">
          {object.strokes.map((stroke, i) => (
            <path key={i} d={stroke.length === 1 ? `${path(stroke)} l0.01 0` : path(stroke)} />
          ))}
        </g>
      );
    case 'highlight':
      return (
        <g fill={object.color} opacity={0.4}>
          {object.rects.map((r, i) => (
            <rect key={i} x={r.x} y={r.y} width={r.width} height={r.height} />
          ))}
        </g>
      );
    case 'underline':
    case 'strikeout':
      return (
        <g stroke={object.color} strokeWidth={1.2}>
          {object.rects.map((r, i) => {
            const y = object.kind === 'underline' ? r.y + r.height - 0.6 : r.y + r.height / 2;
            return <path key={i} d={`M${r.x} ${y} L${r.x + r.width} ${y}`} />;
          })}
        </g>
      );
    default:
      return null;
  }
}

/** Edits text in place; leaving the field (or Escape, or Ctrl/Cmd+Enter) keeps what was typed. */
function TextEditor({ initial, style, label, onDone, className }: { initial: string; style: CSSProperties; label: string; onDone: (text: string) => void; className?: string }) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <textarea
      ref={ref}
      aria-label={label}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => onDone(value)}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) ref.current?.blur();
      }}
      onPointerDown={(event) => event.stopPropagation()}
      rows={value.split('\n').length}
      className={cn('block w-full resize-none overflow-hidden border-0 bg-background/70 p-0 whitespace-pre outline-none', className)}
      style={{ ...style, minHeight: '1.2em' }}
    />
  );
}
