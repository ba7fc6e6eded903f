import type { EXPORT_QUALITIES } from '@wattle/shared';

type ExportQuality = (typeof EXPORT_QUALITIES)[number];

/** Longest side of an image placed in the editor, by the profile's Export Quality (high keeps the original). */
const LONGEST_SIDE: Record<ExportQuality, number | null> = { low: 1200, medium: 2000, high: null };

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The image as it will be uploaded: downscaled in the browser when it is larger than the quality
 * allows (PNG stays PNG for its transparency, others become JPEG), with its size in pixels.
 */
export async function prepareImage(file: Blob, quality: ExportQuality): Promise<{ blob: Blob; width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  try {
    const limit = LONGEST_SIDE[quality];
    const longest = Math.max(bitmap.width, bitmap.height);
    if (limit === null || longest <= limit) return { blob: file, width: bitmap.width, height: bitmap.height };
    const ratio = limit / longest;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * ratio);
    canvas.height = Math.round(bitmap.height * ratio);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    if (!blob) throw new Error('The image could not be resized.');
    return { blob, width: canvas.width, height: canvas.height };
  } finally {
    bitmap.close();
  }
}

/** A placed image's box: its own proportions, at most half the page wide or tall, centred on the point. */
export function imageBox(pixels: { width: number; height: number }, page: { width: number; height: number }, centre: { x: number; y: number }) {
  const scale = Math.min((page.width * 0.5) / pixels.width, (page.height * 0.5) / pixels.height, 1);
  const width = pixels.width * scale;
  const height = pixels.height * scale;
  return { x: centre.x - width / 2, y: centre.y - height / 2, width, height };
}
