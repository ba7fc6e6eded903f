import { readFile } from 'node:fs/promises';
import { degrees, type PDFDocument, type PDFImage } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { ToolContext, ToolInput } from '../context.ts';
import { detectFileType } from '../detect/file-type.ts';
import { EngineError } from '../errors.ts';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { displayBox } from '../pdf/geometry.ts';
import { checkFileSize, preparePdf } from '../pdf/prepare.ts';
import { chosenPages, openPrepared, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import type { Operation } from './operation.ts';

/** A PNG or JPEG placed on pages: once in the file, drawn on each page at the size, place and opacity chosen. */

/** However small the image, a tiled page gets at most this many copies. */
const MAX_TILES = 120;
const EDGE_MARGIN = 24;

export const imageWatermark: Operation<'image-watermark'> = async (inputs, options, ctx) => {
  const { pdfInput, imageInput } = await sortInputs(inputs);
  const pdf = await preparePdf(ctx, pdfInput);
  const doc = await openPrepared(pdf);
  const image = await embedImage(ctx, doc, imageInput);
  const chosen = chosenPages(options.pages, pdf.pages);
  for (const [i, page] of doc.getPages().entries()) {
    if (chosen && !chosen.has(i + 1)) continue;
    const shown = displayBox(page);
    const width = (shown.width * options.scale) / 100;
    const height = (width * image.height) / image.width;
    for (const [x, y] of placements(options.position, options.tiled, shown, width, height)) {
      // Placed as seen on the page, then turned with it so it stays upright on rotated pages.
      const at = shown.toPage(x, y);
      page.drawImage(image, { x: at.x, y: at.y, width, height, opacity: options.opacity, rotate: degrees(shown.rotation) });
    }
    if (i % 20 === 0) ctx.checkAborted();
    ctx.progress((i + 1) / pdf.pages);
  }
  const notes = pdfaNotKept([pdf.profile], 'the placed image is not written to the rules of PDF/A');
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'watermarked', 'pdf'), pdf.pages, notes)];
};

/** The PDF and the image, whichever order they came in. */
async function sortInputs(inputs: readonly ToolInput[]): Promise<{ pdfInput: ToolInput; imageInput: ToolInput }> {
  const kinds = await Promise.all(inputs.map((input) => detectFileType(input.path)));
  const pdfAt = kinds.indexOf('pdf');
  const imageAt = kinds.findIndex((kind) => kind === 'png' || kind === 'jpeg');
  if (pdfAt < 0) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'One of the files must be a PDF.', { filename: inputs[0]!.filename });
  if (imageAt < 0) throw new EngineError('VALIDATION_FAILED', 'Add a PNG or JPEG image to place on the pages.', { field: 'files' });
  return { pdfInput: inputs[pdfAt]!, imageInput: inputs[imageAt]! };
}

/** Header first (sharp reads dimensions without decoding), the pixel budget, then a PNG with its transparency and turned upright. */
async function embedImage(ctx: ToolContext, doc: PDFDocument, input: ToolInput): Promise<PDFImage> {
  await checkFileSize(ctx, input);
  const bytes = await readFile(input.path);
  const unreadable = (cause?: unknown) => new EngineError('UNSUPPORTED_FILE_TYPE', 'This image could not be read.', { filename: input.filename }, { cause });
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata().catch((error: unknown) => {
    throw unreadable(error);
  });
  if (!width || !height) throw unreadable();
  if (width * height > ctx.limits.maxPixels) {
    throw new EngineError('LIMIT_EXCEEDED', 'The image has too many pixels.', { filename: input.filename, limit: 'maxPixels', width, height });
  }
  try {
    return await doc.embedPng(await sharp(bytes, { limitInputPixels: ctx.limits.maxPixels }).rotate().png().toBuffer());
  } catch (error) {
    throw unreadable(error);
  }
}

type Position = 'top-left' | 'top-center' | 'top-right' | 'middle-left' | 'center' | 'middle-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';

/** Bottom-left corners of the image on the page as shown: one at the position, or a grid across the page. */
function placements(position: Position, tiled: boolean, page: { width: number; height: number }, width: number, height: number): [number, number][] {
  if (tiled) {
    const stepX = Math.max(width * 1.5, page.width / Math.sqrt(MAX_TILES));
    const stepY = Math.max(height * 1.5, page.height / Math.sqrt(MAX_TILES));
    const points: [number, number][] = [];
    for (let y = (stepY - height) / 2; y < page.height && points.length < MAX_TILES; y += stepY) {
      for (let x = (stepX - width) / 2; x < page.width && points.length < MAX_TILES; x += stepX) points.push([x, y]);
    }
    return points;
  }
  const [vertical, horizontal] = position === 'center' ? ['middle', 'center'] : position.split('-');
  const x = horizontal === 'left' ? EDGE_MARGIN : horizontal === 'right' ? page.width - EDGE_MARGIN - width : (page.width - width) / 2;
  const y = vertical === 'top' ? page.height - EDGE_MARGIN - height : vertical === 'bottom' ? EDGE_MARGIN : (page.height - height) / 2;
  return [[x, y]];
}
