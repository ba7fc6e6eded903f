import type { PercentCrop, PixelCrop } from 'react-image-crop';

/** Spec section 9: the avatar editor's constants. */
export const AVATAR_OUTPUT_SIZE = 400;
export const AVATAR_JPEG_QUALITY = 0.85;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.1;
export const ZOOM_DEFAULT = 1;
export const NUDGE_STEPS = { small: 1, medium: 10, large: 100 } as const;
export const ALLOWED_AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export function isAllowedAvatarType(type: string): boolean {
  return (ALLOWED_AVATAR_TYPES as readonly string[]).includes(type);
}

/** Arrow keys move the crop by 1 pixel, by 10 with Shift, by 100 with Ctrl or Cmd. */
export function nudgeStep(keys: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): number {
  if (keys.ctrlKey || keys.metaKey) return NUDGE_STEPS.large;
  if (keys.shiftKey) return NUDGE_STEPS.medium;
  return NUDGE_STEPS.small;
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function isArrowKey(key: string): boolean {
  return key in ARROWS;
}

/** Moves the crop by `step` pixels in the arrow's direction, never past the image's edges. */
export function nudgeCrop(crop: PixelCrop, key: string, step: number, bounds: { width: number; height: number }): PixelCrop {
  const [dx, dy] = ARROWS[key] ?? [0, 0];
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));
  return { ...crop, x: clamp(crop.x + dx * step, bounds.width - crop.width), y: clamp(crop.y + dy * step, bounds.height - crop.height) };
}

/** The initial crop: the whole image as far as a square allows (100% of the shorter side), centred. */
export function initialSquareCrop(width: number, height: number): PercentCrop {
  const side = Math.min(width, height);
  const w = (side / width) * 100;
  const h = (side / height) * 100;
  return { unit: '%', x: (100 - w) / 2, y: (100 - h) / 2, width: w, height: h };
}

export function clampZoom(value: number): number {
  const stepped = Math.round(value / ZOOM_STEP) * ZOOM_STEP;
  return Number(Math.min(Math.max(stepped, ZOOM_MIN), ZOOM_MAX).toFixed(1));
}

/**
 * Where the crop falls on the original image. The crop is drawn over the displayed image, which is
 * scaled by `zoom` around its centre; the answer is in the image's natural pixels and may reach past
 * its edges when zoomed out (that part is filled white).
 */
export function sourceRect(
  crop: { x: number; y: number; width: number; height: number },
  displayed: { width: number; height: number },
  natural: { width: number; height: number },
  zoom: number,
): { x: number; y: number; width: number; height: number } {
  const toNaturalX = natural.width / displayed.width;
  const toNaturalY = natural.height / displayed.height;
  const cx = displayed.width / 2;
  const cy = displayed.height / 2;
  return {
    x: ((crop.x - cx) / zoom + cx) * toNaturalX,
    y: ((crop.y - cy) / zoom + cy) * toNaturalY,
    width: (crop.width / zoom) * toNaturalX,
    height: (crop.height / zoom) * toNaturalY,
  };
}
