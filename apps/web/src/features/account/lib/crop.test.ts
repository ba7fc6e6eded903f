import { describe, expect, it } from 'vitest';
import { clampZoom, initialSquareCrop, isAllowedAvatarType, nudgeCrop, nudgeStep, sourceRect } from './crop';

const keys = (k: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({ shiftKey: false, ctrlKey: false, metaKey: false, ...k });

describe('nudgeStep', () => {
  it('is 1, 10 with Shift, 100 with Ctrl or Cmd', () => {
    expect(nudgeStep(keys())).toBe(1);
    expect(nudgeStep(keys({ shiftKey: true }))).toBe(10);
    expect(nudgeStep(keys({ ctrlKey: true }))).toBe(100);
    expect(nudgeStep(keys({ metaKey: true }))).toBe(100);
    expect(nudgeStep(keys({ ctrlKey: true, shiftKey: true }))).toBe(100);
  });
});

describe('nudgeCrop', () => {
  const crop = { unit: 'px' as const, x: 50, y: 50, width: 100, height: 100 };
  const bounds = { width: 300, height: 200 };

  it('moves in the arrow direction by the step', () => {
    expect(nudgeCrop(crop, 'ArrowRight', 10, bounds)).toMatchObject({ x: 60, y: 50 });
    expect(nudgeCrop(crop, 'ArrowLeft', 1, bounds)).toMatchObject({ x: 49, y: 50 });
    expect(nudgeCrop(crop, 'ArrowDown', 10, bounds)).toMatchObject({ x: 50, y: 60 });
    expect(nudgeCrop(crop, 'ArrowUp', 1, bounds)).toMatchObject({ x: 50, y: 49 });
  });

  it('stops at the image edges and keeps the size', () => {
    expect(nudgeCrop(crop, 'ArrowRight', 100, bounds)).toEqual({ ...crop, x: 150 });
    expect(nudgeCrop(crop, 'ArrowRight', 100, { width: 1000, height: 200 })).toEqual({ ...crop, x: 150 });
    expect(nudgeCrop(crop, 'ArrowLeft', 100, bounds)).toEqual({ ...crop, x: 0 });
    expect(nudgeCrop(crop, 'ArrowDown', 100, bounds)).toEqual({ ...crop, y: 100 });
    expect(nudgeCrop(crop, 'Enter', 100, bounds)).toEqual(crop);
  });
});

describe('initialSquareCrop', () => {
  it('covers 100% of the shorter side, centred', () => {
    expect(initialSquareCrop(400, 400)).toEqual({ unit: '%', x: 0, y: 0, width: 100, height: 100 });
    expect(initialSquareCrop(800, 400)).toEqual({ unit: '%', x: 25, y: 0, width: 50, height: 100 });
    expect(initialSquareCrop(300, 600)).toEqual({ unit: '%', x: 0, y: 25, width: 100, height: 50 });
  });
});

describe('zoom', () => {
  it('stays within 0.5 to 3 in steps of 0.1', () => {
    expect(clampZoom(0.2)).toBe(0.5);
    expect(clampZoom(3.7)).toBe(3);
    expect(clampZoom(1.04)).toBe(1);
    expect(clampZoom(1.26)).toBe(1.3);
  });
});

describe('sourceRect', () => {
  const displayed = { width: 200, height: 100 };
  const natural = { width: 2000, height: 1000 };

  it('maps the crop to natural pixels at zoom 1', () => {
    expect(sourceRect({ x: 50, y: 0, width: 100, height: 100 }, displayed, natural, 1)).toEqual({ x: 500, y: 0, width: 1000, height: 1000 });
  });

  it('takes a smaller part of the image when zoomed in, around the centre', () => {
    expect(sourceRect({ x: 50, y: 0, width: 100, height: 100 }, displayed, natural, 2)).toEqual({ x: 750, y: 250, width: 500, height: 500 });
  });

  it('reaches past the edges when zoomed out', () => {
    const rect = sourceRect({ x: 0, y: 0, width: 100, height: 100 }, displayed, natural, 0.5);
    expect(rect).toEqual({ x: -1000, y: -500, width: 2000, height: 2000 });
  });
});

describe('avatar types', () => {
  it('accepts JPEG, PNG and GIF only', () => {
    expect(['image/jpeg', 'image/png', 'image/gif'].every(isAllowedAvatarType)).toBe(true);
    expect(isAllowedAvatarType('image/webp')).toBe(false);
    expect(isAllowedAvatarType('image/svg+xml')).toBe(false);
    expect(isAllowedAvatarType('')).toBe(false);
  });
});
