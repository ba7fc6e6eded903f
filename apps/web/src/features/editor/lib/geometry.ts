import { NOTE_SIZE, LINE_HEIGHT, type Box, type EditorObject, type Point, type TextObject } from '../model/types';

/** Arrow-key nudge in points: the spec's 1, 10 with Shift, 100 with Ctrl or Cmd. */
export function nudgeStep(keys: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): number {
  if (keys.ctrlKey || keys.metaKey) return 100;
  return keys.shiftKey ? 10 : 1;
}

export function textHeight(object: Pick<TextObject, 'text' | 'size'>): number {
  return object.text.split('\n').length * object.size * LINE_HEIGHT;
}

function unionOf(boxes: Box[]): Box {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

const pointsBox = (points: Point[]): Box => unionOf(points.map((p) => ({ ...p, width: 0, height: 0 })));

/** The box an object occupies, for selection outlines and hit areas. */
export function boundsOf(object: EditorObject): Box {
  switch (object.kind) {
    case 'text':
      return { x: object.x, y: object.y, width: object.width, height: textHeight(object) };
    case 'line':
    case 'arrow':
      return pointsBox([object.from, object.to]);
    case 'ink':
      return pointsBox(object.strokes.flat());
    case 'highlight':
    case 'underline':
    case 'strikeout':
      return unionOf(object.rects);
    case 'note':
      return { x: object.x, y: object.y, width: NOTE_SIZE, height: NOTE_SIZE };
    case 'stamp':
      return { x: object.x, y: object.y, width: object.mark === 'date' ? object.size * 5.2 : object.size, height: object.size };
    default:
      return { x: object.x, y: object.y, width: object.width, height: object.height };
  }
}

const shift = (p: Point, dx: number, dy: number): Point => ({ x: p.x + dx, y: p.y + dy });

export function moveObject<T extends EditorObject>(object: T, dx: number, dy: number): T {
  const o = object as EditorObject;
  switch (o.kind) {
    case 'line':
    case 'arrow':
      return { ...o, from: shift(o.from, dx, dy), to: shift(o.to, dx, dy) } as T;
    case 'ink':
      return { ...o, strokes: o.strokes.map((stroke) => stroke.map((p) => shift(p, dx, dy))) } as T;
    case 'highlight':
    case 'underline':
    case 'strikeout':
      return { ...o, rects: o.rects.map((r) => ({ ...r, ...shift(r, dx, dy) })) } as T;
    default:
      return { ...o, x: o.x + dx, y: o.y + dy } as T;
  }
}

/** Objects whose box the user can drag to a new size. */
export const isResizable = (object: EditorObject) => ['text', 'image', 'rectangle', 'ellipse', 'whiteout', 'stamp'].includes(object.kind);
/** Objects drawn turned about their centre (the operations' `rotation`). */
export const isRotatable = (object: EditorObject): object is Extract<EditorObject, { rotation: number }> => 'rotation' in object;

/** Smallest box side while resizing, in points. */
const MIN_SIDE = 8;

export function resizeObject<T extends EditorObject>(object: T, box: Box): T {
  const width = Math.max(MIN_SIDE, box.width);
  const height = Math.max(MIN_SIDE, box.height);
  const o = object as EditorObject;
  if (o.kind === 'stamp') return { ...o, x: box.x, y: box.y, size: height } as T;
  if (o.kind === 'text') return { ...o, x: box.x, y: box.y, width } as T;
  return { ...o, x: box.x, y: box.y, width, height } as T;
}

export type Handle = 'nw' | 'ne' | 'sw' | 'se';

/** The box after dragging one corner handle by (dx, dy). */
export function dragHandle(box: Box, handle: Handle, dx: number, dy: number): Box {
  const left = handle === 'nw' || handle === 'sw' ? box.x + dx : box.x;
  const right = handle === 'ne' || handle === 'se' ? box.x + box.width + dx : box.x + box.width;
  const top = handle === 'nw' || handle === 'ne' ? box.y + dy : box.y;
  const bottom = handle === 'sw' || handle === 'se' ? box.y + box.height + dy : box.y + box.height;
  return { x: Math.min(left, right), y: Math.min(top, bottom), width: Math.abs(right - left), height: Math.abs(bottom - top) };
}

/** Where the page element sits on screen, and how it is drawn. */
export interface PageFrame {
  /** The element's bounding rectangle on screen (of the turned page when it is turned). */
  rect: { left: number; top: number; width: number; height: number };
  /** CSS pixels per point. */
  scale: number;
  /** The page's own size in points, before the editor's turn. */
  width: number;
  height: number;
  turn: number;
}

/** A point on screen as a point on the page, undoing the page's turn about its centre. */
export function toPagePoint(clientX: number, clientY: number, frame: PageFrame): Point {
  const vx = clientX - (frame.rect.left + frame.rect.width / 2);
  const vy = clientY - (frame.rect.top + frame.rect.height / 2);
  const quarterTurns = ((frame.turn / 90) % 4 + 4) % 4;
  let [x, y] = [vx, vy];
  // Each quarter turn back is (x, y) → (y, −x) on a screen whose y grows downwards.
  for (let i = 0; i < quarterTurns; i++) [x, y] = [y, -x];
  return { x: x / frame.scale + frame.width / 2, y: y / frame.scale + frame.height / 2 };
}

/**
 * A text selection's client rectangles as boxes on the page, one per line: empty rectangles dropped,
 * pieces of one line joined, everything clipped to the page.
 */
export function selectionToPageBoxes(rects: Iterable<{ left: number; top: number; width: number; height: number }>, frame: PageFrame): Box[] {
  const boxes: Box[] = [];
  for (const rect of rects) {
    if (rect.width < 0.5 || rect.height < 0.5) continue;
    const a = toPagePoint(rect.left, rect.top, frame);
    const b = toPagePoint(rect.left + rect.width, rect.top + rect.height, frame);
    const x = Math.max(0, Math.min(a.x, b.x));
    const y = Math.max(0, Math.min(a.y, b.y));
    const right = Math.min(frame.width, Math.max(a.x, b.x));
    const bottom = Math.min(frame.height, Math.max(a.y, b.y));
    if (right - x < 0.5 || bottom - y < 0.5) continue;
    boxes.push({ x, y, width: right - x, height: bottom - y });
  }
  const lines: Box[] = [];
  for (const box of boxes.sort((p, q) => p.y - q.y || p.x - q.x)) {
    const line = lines.find((l) => Math.abs(l.y - box.y) < box.height / 2 && Math.abs(l.height - box.height) < box.height / 2);
    if (line) Object.assign(line, unionOf([line, box]));
    else lines.push({ ...box });
  }
  return lines.map((l) => ({ x: round(l.x), y: round(l.y), width: round(l.width), height: round(l.height) }));
}

const round = (n: number) => Math.round(n * 100) / 100;
