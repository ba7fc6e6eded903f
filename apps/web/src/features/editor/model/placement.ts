import type { Box, EditorObject, Point } from './types';

/** What the toolbar's buttons put on the page (select picks up what is there). */
export type Tool =
  | 'select'
  | 'text'
  | 'rectangle'
  | 'ellipse'
  | 'line'
  | 'arrow'
  | 'ink'
  | 'whiteout'
  | 'tick'
  | 'cross'
  | 'date'
  | 'note'
  | 'highlight'
  | 'underline'
  | 'strikeout';

export const MARKUP_TOOLS = ['highlight', 'underline', 'strikeout'] as const;
export type MarkupTool = (typeof MARKUP_TOOLS)[number];
export const isMarkupTool = (tool: Tool): tool is MarkupTool => (MARKUP_TOOLS as readonly string[]).includes(tool);

/** A finished gesture with a placing tool, in page points: where it started and every point it passed. */
export interface Placement {
  page: number;
  start: Point;
  box: Box;
  points: Point[];
}

const INK = '#1A2340';
const SHAPE_STROKE = '#1E40AF';
/** Below this (points) a press counts as a click: the object gets its usual size. */
const CLICK = 4;

/**
 * The object a tool makes from a gesture: a click gives the usual size at the pointer, a drag gives the
 * box (or the segment) drawn. Select and the markup tools make none here (markup comes from selected text).
 */
export function objectFor(tool: Tool, { page, start, box, points }: Placement, id: string, today: string): EditorObject | null {
  const click = box.width < CLICK && box.height < CLICK;
  const sized = (width: number, height: number) => (click ? { x: start.x, y: start.y, width, height } : box);
  switch (tool) {
    case 'text':
      return { id, kind: 'text', page, x: start.x, y: start.y, width: click ? 200 : box.width, text: 'Text', size: 14, color: '#000000', bold: false, italic: false, align: 'left', rotation: 0 };
    case 'rectangle':
    case 'ellipse':
      return { id, kind: tool, page, ...sized(120, 80), stroke: SHAPE_STROKE, strokeWidth: 2, opacity: 1, rotation: 0 };
    case 'whiteout':
      return { id, kind: 'whiteout', page, ...sized(120, 40) };
    case 'line':
    case 'arrow':
      return { id, kind: tool, page, from: start, to: click ? { x: start.x + 100, y: start.y } : points.at(-1)!, stroke: SHAPE_STROKE, strokeWidth: 2, opacity: 1 };
    case 'ink':
      return { id, kind: 'ink', page, strokes: [points], stroke: INK, strokeWidth: 2, opacity: 1 };
    case 'tick':
    case 'cross':
      return { id, kind: 'stamp', page, mark: tool, x: start.x, y: start.y, size: 24, color: tool === 'tick' ? '#2E7D32' : '#C62828' };
    case 'date':
      return { id, kind: 'stamp', page, mark: 'date', x: start.x, y: start.y, size: 14, date: today, color: '#000000' };
    case 'note':
      return { id, kind: 'note', page, x: start.x, y: start.y, text: 'Comment', color: '#FFD54F' };
    default:
      return null;
  }
}
