import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { clip, concatTransformationMatrix, drawObject, endPath, PDFDocument, popGraphicsState, pushGraphicsState, rectangle } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { IMAGE_INPUT_KINDS, paperPage, type PaperSize } from '@wattle/shared';
import type { ToolContext, ToolInput } from '../context.ts';
import { detectFileType } from '../detect/file-type.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { addImageXObject, type EncodedImage } from '../pdf/image-xobject.ts';
import { checkFileSize } from '../pdf/prepare.ts';
import { writePdf } from '../pdf/write.ts';
import { mapLimit } from '../util/map-limit.ts';
import type { Operation } from './operation.ts';

const MM = 72 / 25.4;
/** PDF's largest page side (200 inches). */
const MAX_SIDE = 14_400;

interface ImagePage {
  image: EncodedImage;
  /** Natural size in points, from the image's own resolution. */
  width: number;
  height: number;
}

export const imageToPdf: Operation<'image-to-pdf'> = async (inputs, options, ctx) => {
  // One image at a time, whatever the job's parallelism (engine processes): its pixels are decoded in this
  // process, up to maxPixels, and libvips already spreads one image over the cores.
  const frames = await mapLimit(inputs, 1, async (input) => {
    const pages = await decodeImage(ctx, input);
    ctx.checkAborted();
    return pages;
  });
  const pages = frames.flat();
  if (pages.length > ctx.limits.maxPages) throw new EngineError('LIMIT_EXCEEDED', 'The result would have too many pages.', { limit: 'maxPages' });
  const doc = await PDFDocument.create();
  const margin = options.margin * MM;
  for (const [i, { image, width, height }] of pages.entries()) {
    const [pw, ph] = pageSize(options.pageSize, options.orientation, width, height, margin);
    const [areaWidth, areaHeight] = [pw - 2 * margin, ph - 2 * margin];
    // 'cover' scales the image up until it fills the area and clips what overhangs it.
    const scale = (options.fit === 'cover' ? Math.max : Math.min)(areaWidth / width, areaHeight / height);
    const [w, h] = [width * scale, height * scale];
    const page = doc.addPage([pw, ph]);
    const name = page.node.newXObject('Image', await addImageXObject(doc, image));
    const crop = options.fit === 'cover' ? [rectangle(margin, margin, areaWidth, areaHeight), clip(), endPath()] : [];
    page.pushOperators(pushGraphicsState(), ...crop, concatTransformationMatrix(w, 0, 0, h, (pw - w) / 2, (ph - h) / 2), drawObject(name), popGraphicsState());
    ctx.progress(0.5 + (0.5 * (i + 1)) / pages.length);
  }
  return [await writePdf(ctx, doc, outputFilename(inputs[0]!.filename, undefined, 'pdf'), pages.length)];
};

function pageSize(size: PaperSize | 'fit', orientation: 'portrait' | 'landscape' | 'auto', width: number, height: number, margin: number) {
  if (size === 'fit') {
    const shrink = Math.min(1, (MAX_SIDE - 2 * margin) / Math.max(width, height));
    return [width * shrink + 2 * margin, height * shrink + 2 * margin] as const;
  }
  return paperPage(size, orientation === 'landscape' || (orientation === 'auto' && width > height));
}

/**
 * Header first (sharp reads dimensions without decoding), pixel budget, then decode. Plain JPEGs
 * pass through untouched; everything else becomes lossless Flate pixels (alpha over white).
 */
async function decodeImage(ctx: ToolContext, input: ToolInput): Promise<ImagePage[]> {
  await checkFileSize(ctx, input);
  const kind = await detectFileType(input.path);
  if (!kind || !(IMAGE_INPUT_KINDS as readonly string[]).includes(kind)) {
    throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This file is not a supported image.', { filename: input.filename });
  }
  let bytes: Buffer = await readFile(input.path);
  const limitInputPixels = ctx.limits.maxPixels;
  let meta: sharp.Metadata;
  try {
    // Header only; the pixel budget is checked just below with a clearer answer than sharp's.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This image could not be read.', { filename: input.filename }, { cause: error });
  }
  const { width = 0, height = 0 } = meta;
  if (!width || !height) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This image could not be read.', { filename: input.filename });
  if (width * height > limitInputPixels) {
    throw new EngineError('LIMIT_EXCEEDED', 'The image has too many pixels.', { filename: input.filename, limit: 'maxPixels', width, height });
  }
  if (kind === 'heic') {
    bytes = await heicToJpeg(ctx, input);
    meta = await sharp(bytes, { limitInputPixels }).metadata();
  }
  const dpi = meta.density && meta.density >= 50 && meta.density <= 1200 ? meta.density : 72;
  const frames = kind === 'tiff' ? (meta.pages ?? 1) : 1;
  if (frames > ctx.limits.maxPages) throw new EngineError('LIMIT_EXCEEDED', 'The image has too many pages.', { limit: 'maxPages' });
  const out: ImagePage[] = [];
  for (let page = 0; page < frames; page++) {
    try {
      out.push(await encodeFrame(bytes, kind === 'heic' ? 'jpeg' : kind, meta, page, limitInputPixels, dpi));
    } catch (error) {
      if (error instanceof EngineError) throw error;
      throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This image could not be read.', { filename: input.filename }, { cause: error });
    }
  }
  return out;
}

/**
 * sharp reads a HEIC's header but its libvips has no HEVC decoder (patents), so Debian's heif-convert
 * decodes it, turned upright, to a JPEG the usual path takes on. The primary image only: a HEIC holding
 * several is written as name-1.jpg and so on.
 */
async function heicToJpeg(ctx: ToolContext, input: ToolInput): Promise<Buffer> {
  const base = join(ctx.dir, `heic-${randomUUID()}`);
  const result = await ctx.run({ command: 'heif-convert', args: ['--quiet', '-q', '92', input.path, `${base}.jpg`] });
  for (const path of [`${base}.jpg`, `${base}-1.jpg`]) {
    const jpeg = await readFile(path).catch(() => undefined);
    if (result.exitCode === 0 && jpeg) return jpeg;
  }
  throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This image could not be read.', { filename: input.filename });
}

async function encodeFrame(bytes: Buffer, kind: string, meta: sharp.Metadata, page: number, limitInputPixels: number, dpi: number): Promise<ImagePage> {
  const passthrough = kind === 'jpeg' && (meta.channels === 1 || meta.channels === 3) && (meta.orientation ?? 1) === 1 && meta.space !== 'cmyk';
  if (passthrough) {
    const channels = meta.channels as 1 | 3;
    return { image: { kind: 'jpeg', data: bytes, width: meta.width!, height: meta.height!, channels }, width: (meta.width! * 72) / dpi, height: (meta.height! * 72) / dpi };
  }
  const grey = meta.space === 'b-w' || meta.space === 'grey16' || (meta.channels ?? 3) <= 2;
  let pipeline = sharp(bytes, { limitInputPixels, page }).rotate().flatten({ background: '#ffffff' });
  pipeline = grey ? pipeline.toColourspace('b-w') : pipeline.toColourspace('srgb');
  const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 && info.channels !== 3) throw new Error(`Unexpected channel count ${info.channels}`);
  return {
    image: { kind: 'raw', data, width: info.width, height: info.height, channels: info.channels },
    width: (info.width * 72) / dpi,
    height: (info.height * 72) / dpi,
  };
}
