import { concatTransformationMatrix, LineCapStyle, popGraphicsState, pushGraphicsState, type PDFDocument, type PDFPage } from '@cantoo/pdf-lib';
import type { EditOperation } from '@wattle/shared';
import { pdfColour } from './colour.ts';
import { pageSpace, type PageSpace } from './page-space.ts';

/**
 * Content drawn into a page's content stream: shapes, whiteout and tick/cross stamps as vector paths.
 * Everything is drawn in the visible page's space (bottom-left origin, y up) under one matrix per page,
 * so it stays upright on rotated pages; the page's own content is wrapped in q/Q first so a stray
 * transformation it leaves behind cannot move ours.
 */

export type Shape = Extract<EditOperation, { type: 'rectangle' | 'ellipse' | 'line' | 'arrow' | 'whiteout' }>;
export type Mark = Extract<EditOperation, { type: 'stamp' }> & { mark: 'tick' | 'cross' };

/** Runs `draw` in the page's visible space; y is still top-down in the callers' arguments. */
export async function inPageSpace(doc: PDFDocument, page: PDFPage, draw: (space: PageSpace) => void | Promise<void>): Promise<void> {
  isolateOriginalContent(doc, page);
  const space = pageSpace(page);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...space.matrix));
  await draw(space);
  page.pushOperators(popGraphicsState());
}

const isolated = new WeakSet<PDFPage>();
function isolateOriginalContent(doc: PDFDocument, page: PDFPage): void {
  if (isolated.has(page)) return;
  isolated.add(page);
  page.node.normalize();
  const start = doc.context.register(doc.context.contentStream([pushGraphicsState()]));
  const end = doc.context.register(doc.context.contentStream([popGraphicsState()]));
  page.node.wrapContentStreams(start, end);
}

/** Turns what `draw` puts down by `degrees` clockwise, as seen, about the centre of a top-left box. */
export async function turnedAbout(page: PDFPage, space: PageSpace, box: Box, degrees: number, draw: () => void | Promise<void>): Promise<void> {
  if (degrees === 0) return draw();
  const cx = box.x + box.width / 2;
  const cy = space.height - (box.y + box.height / 2);
  const angle = (-degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy));
  await draw();
  page.pushOperators(popGraphicsState());
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function drawShape(page: PDFPage, space: PageSpace, shape: Shape): void {
  const flipY = (y: number) => space.height - y;
  if (shape.type === 'whiteout') {
    page.drawRectangle({ x: shape.x, y: flipY(shape.y + shape.height), width: shape.width, height: shape.height, color: pdfColour('#FFFFFF'), borderWidth: 0 });
    return;
  }
  if (shape.type === 'rectangle' || shape.type === 'ellipse') {
    const paint = {
      color: shape.fill ? pdfColour(shape.fill) : undefined,
      borderColor: shape.stroke ? pdfColour(shape.stroke) : undefined,
      borderWidth: shape.stroke ? shape.strokeWidth : 0,
      opacity: shape.opacity,
      borderOpacity: shape.opacity,
    };
    if (shape.type === 'rectangle') page.drawRectangle({ x: shape.x, y: flipY(shape.y + shape.height), width: shape.width, height: shape.height, ...paint });
    else page.drawEllipse({ x: shape.x + shape.width / 2, y: flipY(shape.y + shape.height / 2), xScale: shape.width / 2, yScale: shape.height / 2, ...paint });
    return;
  }
  const line = { thickness: shape.strokeWidth, color: pdfColour(shape.stroke), opacity: shape.opacity, lineCap: LineCapStyle.Round };
  page.drawLine({ start: { x: shape.from.x, y: flipY(shape.from.y) }, end: { x: shape.to.x, y: flipY(shape.to.y) }, ...line });
  if (shape.type === 'arrow') {
    // Two barbs at the tip, long enough to read at thin widths.
    const angle = Math.atan2(shape.to.y - shape.from.y, shape.to.x - shape.from.x);
    const barb = Math.max(8, shape.strokeWidth * 4);
    for (const turn of [Math.PI * 0.85, -Math.PI * 0.85]) {
      const end = { x: shape.to.x + barb * Math.cos(angle + turn), y: shape.to.y + barb * Math.sin(angle + turn) };
      page.drawLine({ start: { x: shape.to.x, y: flipY(shape.to.y) }, end: { x: end.x, y: flipY(end.y) }, ...line });
    }
  }
}

/** The tick and cross drawn in a unit square (top-down, as SVG paths are). */
const MARK_PATHS = { tick: 'M 0.1 0.55 L 0.4 0.85 L 0.9 0.15', cross: 'M 0.15 0.15 L 0.85 0.85 M 0.85 0.15 L 0.15 0.85' };

export function drawMark(page: PDFPage, space: PageSpace, stamp: Mark): void {
  // drawSvgPath takes SVG's top-down coordinates from (x, y): the stamp's top-left corner.
  page.drawSvgPath(MARK_PATHS[stamp.mark], {
    x: stamp.x,
    y: space.height - stamp.y,
    scale: stamp.size,
    borderColor: pdfColour(stamp.color),
    borderWidth: 0.12, // in the unit square: scaled with it
    borderLineCap: LineCapStyle.Round,
  });
}
