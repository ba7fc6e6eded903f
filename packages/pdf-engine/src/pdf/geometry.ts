import type { PDFPage } from '@cantoo/pdf-lib';

/**
 * A page as the reader shows it: its visible box after /Rotate. Stamps are laid out in this
 * space and mapped back to the page's own coordinates, so they stay upright on rotated pages.
 */
export interface DisplayBox {
  width: number;
  height: number;
  /** Clockwise page rotation, one of 0, 90, 180, 270. */
  rotation: number;
  /** Maps a point measured from the visible bottom-left corner to page coordinates. */
  toPage(x: number, y: number): { x: number; y: number };
  /** Maps a point in page coordinates to the visible page, measured from its bottom-left corner. */
  fromPage(x: number, y: number): { x: number; y: number };
}

export function displayBox(page: PDFPage): DisplayBox {
  const box = page.getCropBox();
  const turns = ((page.getRotation().angle % 360) + 360) % 360;
  const rotation = turns - (turns % 90);
  const { x: x0, y: y0, width: w, height: h } = box;
  const turned = rotation === 90 || rotation === 270;
  const toPage = (dx: number, dy: number) => {
    switch (rotation) {
      case 90:
        return { x: x0 + w - dy, y: y0 + dx };
      case 180:
        return { x: x0 + w - dx, y: y0 + h - dy };
      case 270:
        return { x: x0 + dy, y: y0 + h - dx };
      default:
        return { x: x0 + dx, y: y0 + dy };
    }
  };
  const fromPage = (px: number, py: number) => {
    switch (rotation) {
      case 90:
        return { x: py - y0, y: x0 + w - px };
      case 180:
        return { x: x0 + w - px, y: y0 + h - py };
      case 270:
        return { x: y0 + h - py, y: px - x0 };
      default:
        return { x: px - x0, y: py - y0 };
    }
  };
  return { width: turned ? h : w, height: turned ? w : h, rotation, toPage, fromPage };
}

/**
 * Where to start a line of text of the given size so its centre lands on (cx, cy) of the visible
 * page, turned `angle` degrees anticlockwise as seen; returns page coordinates and the page-space angle.
 */
export function centredText(box: DisplayBox, cx: number, cy: number, textWidth: number, textHeight: number, angle: number) {
  const rad = (angle * Math.PI) / 180;
  const ox = cx - (Math.cos(rad) * textWidth) / 2 + (Math.sin(rad) * textHeight) / 2;
  const oy = cy - (Math.sin(rad) * textWidth) / 2 - (Math.cos(rad) * textHeight) / 2;
  return { ...box.toPage(ox, oy), angle: angle + box.rotation };
}
