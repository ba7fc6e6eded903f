import type { PDFPage } from '@cantoo/pdf-lib';
import { displayBox } from '../../pdf/geometry.ts';

/**
 * The one place edit coordinates become page coordinates. The operations document measures from the
 * top-left of the visible page (crop box after /Rotate), y downwards; PDF measures from the media
 * box's bottom-left, y upwards, before rotation.
 */
export interface PageSpace {
  /** Size of the visible page. */
  width: number;
  height: number;
  /** Clockwise page rotation, one of 0, 90, 180, 270. */
  rotation: number;
  /** Maps a top-left-origin point of the visible page to page coordinates. */
  toPage(x: number, y: number): { x: number; y: number };
  /**
   * The matrix from "visible page, bottom-left origin, y up" to page coordinates: content drawn under
   * it lands upright on a rotated page.
   */
  matrix: [number, number, number, number, number, number];
}

export function pageSpace(page: PDFPage): PageSpace {
  const box = displayBox(page);
  const origin = box.toPage(0, 0);
  const unitX = box.toPage(1, 0);
  const unitY = box.toPage(0, 1);
  return {
    width: box.width,
    height: box.height,
    rotation: box.rotation,
    toPage: (x, y) => box.toPage(x, box.height - y),
    matrix: [unitX.x - origin.x, unitX.y - origin.y, unitY.x - origin.x, unitY.y - origin.y, origin.x, origin.y],
  };
}

/** A top-left-origin box as a page-coordinate rectangle (its bounding box, for /Rect). */
export function pageRect(space: PageSpace, box: { x: number; y: number; width: number; height: number }) {
  const corners = [space.toPage(box.x, box.y), space.toPage(box.x + box.width, box.y + box.height)];
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.abs(xs[1]! - xs[0]!), height: Math.abs(ys[1]! - ys[0]!) };
}
