import { describe, expect, it } from 'vitest';
import { fitScale, inkBounds } from './ink';

function image(width: number, height: number, inked: [number, number][]): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of inked) data[(y * width + x) * 4 + 3] = 255;
  return data;
}

describe('inkBounds', () => {
  it('is null for a blank canvas', () => {
    expect(inkBounds(image(5, 4, []), 5, 4)).toBeNull();
  });

  it('wraps exactly the inked pixels', () => {
    expect(inkBounds(image(10, 8, [[2, 3], [6, 5], [4, 1]]), 10, 8)).toEqual({ x: 2, y: 1, width: 5, height: 5 });
  });

  it('grows by the margin but stays inside the image', () => {
    expect(inkBounds(image(10, 8, [[1, 1], [8, 6]]), 10, 8, 3)).toEqual({ x: 0, y: 0, width: 10, height: 8 });
    expect(inkBounds(image(20, 20, [[10, 10]]), 20, 20, 2)).toEqual({ x: 8, y: 8, width: 5, height: 5 });
  });

  it('counts faint anti-aliased edges as ink', () => {
    const data = image(4, 4, []);
    data[(2 * 4 + 3) * 4 + 3] = 1;
    expect(inkBounds(data, 4, 4)).toEqual({ x: 3, y: 2, width: 1, height: 1 });
  });
});

describe('fitScale', () => {
  it('shrinks the longer side to the limit and never enlarges', () => {
    expect(fitScale(4000, 1000, 2000)).toBe(0.5);
    expect(fitScale(1000, 4000, 2000)).toBe(0.5);
    expect(fitScale(300, 100, 2000)).toBe(1);
  });
});
