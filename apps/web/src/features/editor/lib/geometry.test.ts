import { describe, expect, it } from 'vitest';
import { dragHandle, nudgeStep, selectionToPageBoxes, toPagePoint, type PageFrame } from './geometry';

const frame = (turn: number): PageFrame => {
  const [w, h] = turn % 180 === 0 ? [200, 400] : [400, 200];
  return { rect: { left: 100, top: 50, width: w, height: h }, scale: 2, width: 100, height: 200, turn };
};

describe('nudgeStep', () => {
  it('is 1, 10 with Shift and 100 with Ctrl or Cmd', () => {
    expect(nudgeStep({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe(1);
    expect(nudgeStep({ shiftKey: true, ctrlKey: false, metaKey: false })).toBe(10);
    expect(nudgeStep({ shiftKey: false, ctrlKey: true, metaKey: false })).toBe(100);
    expect(nudgeStep({ shiftKey: true, ctrlKey: false, metaKey: true })).toBe(100);
  });
});

describe('toPagePoint', () => {
  it('maps the screen to points on an unturned page', () => {
    expect(toPagePoint(100, 50, frame(0))).toEqual({ x: 0, y: 0 });
    expect(toPagePoint(300, 450, frame(0))).toEqual({ x: 100, y: 200 });
  });

  it('undoes a quarter turn: the page’s top-left corner is then at the top right', () => {
    expect(toPagePoint(500, 50, frame(90))).toEqual({ x: 0, y: 0 });
    expect(toPagePoint(100, 250, frame(90))).toEqual({ x: 100, y: 200 });
  });
});

describe('selectionToPageBoxes', () => {
  it('joins the pieces of a line, drops empty ones and clips to the page', () => {
    const boxes = selectionToPageBoxes(
      [
        { left: 120, top: 70, width: 40, height: 20 },
        { left: 160, top: 70, width: 60, height: 20 },
        { left: 130, top: 70, width: 0, height: 20 },
        { left: 110, top: 120, width: 400, height: 20 },
      ],
      frame(0),
    );
    expect(boxes).toEqual([
      { x: 10, y: 10, width: 50, height: 10 },
      { x: 5, y: 35, width: 95, height: 10 },
    ]);
  });
});

describe('dragHandle', () => {
  it('moves the dragged corner and keeps the box the right way round', () => {
    expect(dragHandle({ x: 10, y: 10, width: 20, height: 20 }, 'se', 5, 5)).toEqual({ x: 10, y: 10, width: 25, height: 25 });
    expect(dragHandle({ x: 10, y: 10, width: 20, height: 20 }, 'nw', 30, 0)).toEqual({ x: 30, y: 10, width: 10, height: 20 });
  });
});
