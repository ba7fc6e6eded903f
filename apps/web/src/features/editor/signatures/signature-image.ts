import { fitScale, inkBounds } from './ink';

/** What the dialog hands to the editor: a transparent PNG cut to its ink, and its size in pixels. */
export interface SignatureImage {
  blob: Blob;
  width: number;
  height: number;
}

/** The server keeps saved signatures within these (contract: a PNG, ≤ 1 MiB, ≤ 2000×2000 px). */
export const SIGNATURE_MAX_SIDE = 2000;
export const SIGNATURE_MAX_BYTES = 1024 * 1024;

const INK_MARGIN = 4;

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('This browser could not make an image.'))), 'image/png'),
  );
}

/**
 * Cuts a drawing to its ink and encodes it as PNG within the saved-signature limits, scaling down
 * until it fits. Null when nothing was drawn.
 */
export async function signatureFromCanvas(canvas: HTMLCanvasElement): Promise<SignatureImage | null> {
  const context = canvas.getContext('2d');
  if (!context) return null;
  const box = inkBounds(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, INK_MARGIN);
  if (!box) return null;
  let scale = fitScale(box.width, box.height, SIGNATURE_MAX_SIDE);
  for (;;) {
    const out = document.createElement('canvas');
    out.width = Math.max(1, Math.round(box.width * scale));
    out.height = Math.max(1, Math.round(box.height * scale));
    out.getContext('2d')!.drawImage(canvas, box.x, box.y, box.width, box.height, 0, 0, out.width, out.height);
    const blob = await toPng(out);
    if (blob.size <= SIGNATURE_MAX_BYTES || out.width <= 64) return { blob, width: out.width, height: out.height };
    scale *= 0.7;
  }
}

/** A script font offered on the Type tab; the family is bundled from @fontsource. */
export interface ScriptFont {
  family: string;
  label: string;
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  { family: 'Dancing Script', label: 'Dancing Script' },
  { family: 'Great Vibes', label: 'Great Vibes' },
  { family: 'Caveat', label: 'Caveat' },
];

const TYPED_SIZE_PX = 120;

/** Renders a typed name in a script font (loaded first, so the canvas never falls back) onto a canvas. */
export async function typedSignatureCanvas(text: string, font: ScriptFont, color: string): Promise<HTMLCanvasElement> {
  const css = `${TYPED_SIZE_PX}px "${font.family}"`;
  await document.fonts.load(css, text);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  context.font = css;
  const metrics = context.measureText(text);
  // Script capitals and descenders reach outside the text box: generous padding, then cut to the ink.
  canvas.width = Math.ceil(metrics.width + TYPED_SIZE_PX);
  canvas.height = Math.ceil(TYPED_SIZE_PX * 2);
  context.font = css;
  context.fillStyle = color;
  context.textBaseline = 'middle';
  context.fillText(text, TYPED_SIZE_PX / 2, canvas.height / 2);
  return canvas;
}

export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const UPLOAD_MAX_BYTES = 1024 * 1024;

/** Why an uploaded file can't be a signature, or null when it can. */
export function uploadProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > UPLOAD_MAX_BYTES) return 'Choose an image of 1 MB or less.';
  return null;
}

/** Draws an uploaded image onto a canvas (within the size limit), to be re-encoded as PNG. */
export async function uploadedSignatureCanvas(file: Blob): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(file);
  const scale = fitScale(bitmap.width, bitmap.height, SIGNATURE_MAX_SIDE);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}

/** Reads a PNG's size, for a saved signature fetched from the profile. */
export async function signatureFromBlob(blob: Blob): Promise<SignatureImage> {
  const bitmap = await createImageBitmap(blob);
  const image = { blob, width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return image;
}
