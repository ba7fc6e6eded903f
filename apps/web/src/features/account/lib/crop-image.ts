import type { PercentCrop } from 'react-image-crop';
import { AVATAR_JPEG_QUALITY, AVATAR_OUTPUT_SIZE, sourceRect } from './crop';

/**
 * Draws the chosen square of the (zoomed) image onto a 400x400 canvas and encodes it as a JPEG at
 * quality 0.85. Areas outside the picture (zoomed out) are white, as JPEG has no transparency.
 */
export async function cropToJpeg(image: HTMLImageElement, crop: PercentCrop, zoom: number): Promise<Blob> {
  const displayed = { width: image.width, height: image.height };
  const natural = { width: image.naturalWidth, height: image.naturalHeight };
  const pixelCrop = {
    x: (crop.x / 100) * displayed.width,
    y: (crop.y / 100) * displayed.height,
    width: (crop.width / 100) * displayed.width,
    height: (crop.height / 100) * displayed.height,
  };
  const source = sourceRect(pixelCrop, displayed, natural, zoom);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_OUTPUT_SIZE;
  canvas.height = AVATAR_OUTPUT_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE);
  context.imageSmoothingQuality = 'high';
  const scaleX = AVATAR_OUTPUT_SIZE / source.width;
  const scaleY = AVATAR_OUTPUT_SIZE / source.height;
  context.setTransform(scaleX, 0, 0, scaleY, -source.x * scaleX, -source.y * scaleY);
  context.drawImage(image, 0, 0, natural.width, natural.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded'))), 'image/jpeg', AVATAR_JPEG_QUALITY),
  );
}
