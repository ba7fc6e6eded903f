/** A rectangle in canvas pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The smallest box holding every pixel with ink (alpha above zero) in RGBA data, grown by `margin`
 * pixels within the image, or null for an empty image. A signature is placed by its ink, not by the
 * blank canvas around it.
 */
export function inkBounds(rgba: Uint8ClampedArray, width: number, height: number, margin = 0): PixelBox | null {
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 0) continue;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (right < 0) return null;
  const x = Math.max(0, left - margin);
  const y = Math.max(0, top - margin);
  return { x, y, width: Math.min(width - 1, right + margin) - x + 1, height: Math.min(height - 1, bottom + margin) - y + 1 };
}

/** Scale that fits `width`×`height` inside `max`×`max` without enlarging. */
export function fitScale(width: number, height: number, max: number): number {
  return Math.min(1, max / width, max / height);
}
