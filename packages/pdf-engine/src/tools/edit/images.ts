import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PDFImage, PngEmbedder, type PDFContext, type PDFDocument, type PDFRef } from '@cantoo/pdf-lib';
import { MAX_EDIT_IMAGE_PIXELS } from '@wattle/shared';
import type { ToolContext } from '../../context.ts';
import { EngineError } from '../../errors.ts';
import { editImagesEngine } from '../../process/commands.ts';

/**
 * The edit tool's images, measured and decoded in the edit images engine (process/edit-images-main.ts),
 * never in this process: pdf-lib's embedPng decodes and deflates a PNG on the event loop, which a
 * 10000 x 10000 PNG of a few KB turned into 1.3-2.2 GB and 8-34 s of a frozen server (decision 135).
 */

/** What the engine says of one image. */
export type EditImageResult =
  | { kind: 'jpeg'; width: number; height: number }
  | { kind: 'raw'; width: number; height: number; channels: 1 | 3; alpha: boolean }
  | { problem: 'pixels'; width: number; height: number }
  | { problem: 'unreadable' };

/** An image ready to embed without decoding it here: a JPEG as it is, or samples the engine deflated. */
export type PreparedImage =
  | { format: 'jpeg'; bytes: Uint8Array }
  | { format: 'raw'; width: number; height: number; channels: 1 | 3; colour: Buffer; alpha?: Buffer };

/** One image to prepare: its file, and the name it is known by (for the refusal). */
export interface EditImageSource {
  path: string;
  filename: string;
}

/**
 * All of a job's images in one engine run. An image over the pixel budget refuses the job
 * (LIMIT_EXCEEDED, as every tool answers a pixel flood); one that is not an image is undefined, for its field.
 */
export async function prepareEditImages(ctx: ToolContext, sources: readonly EditImageSource[]): Promise<(PreparedImage | undefined)[]> {
  if (sources.length === 0) return [];
  const maxPixels = Math.min(MAX_EDIT_IMAGE_PIXELS, ctx.limits.maxPixels);
  const bases = sources.map(() => join(ctx.dir, `edit-image-${randomUUID()}`));
  try {
    const result = await ctx.run(editImagesEngine(maxPixels, sources.map((source, i) => [source.path, bases[i]!] as const)));
    const lines = result.exitCode === 0 && !result.truncated ? result.stdout.toString('utf8').split('\n').filter(Boolean) : [];
    if (lines.length !== sources.length) throw new EngineError('PDF_CORRUPT', 'The images could not be read.');
    const said = lines.map((line) => JSON.parse(line) as EditImageResult);
    const flood = said.findIndex((r) => 'problem' in r && r.problem === 'pixels');
    if (flood >= 0) {
      const { width, height } = said[flood] as { width: number; height: number };
      throw new EngineError('LIMIT_EXCEEDED', 'An image has too many pixels.', { filename: sources[flood]!.filename, limit: 'maxPixels', width, height });
    }
    return await Promise.all(
      said.map(async (r, i): Promise<PreparedImage | undefined> => {
        if ('problem' in r) return undefined;
        if (r.kind === 'jpeg') return { format: 'jpeg', bytes: await readFile(sources[i]!.path) };
        const colour = await readFile(`${bases[i]}.colour`);
        return { format: 'raw', width: r.width, height: r.height, channels: r.channels, colour, ...(r.alpha && { alpha: await readFile(`${bases[i]}.alpha`) }) };
      }),
    );
  } finally {
    await Promise.all(bases.flatMap((base) => [rm(`${base}.colour`, { force: true }), rm(`${base}.alpha`, { force: true })]));
  }
}

/** Base64 image data of an operation, as a file in the job dir the engine can read. */
export async function imageDataFile(ctx: ToolContext, data: string): Promise<string> {
  const path = join(ctx.dir, `edit-data-${randomUUID()}`);
  await writeFile(path, Buffer.from(data, 'base64'));
  return path;
}

/** Embeds a prepared image: a JPEG through pdf-lib (it reads only its header), samples as image XObjects of their own. */
export async function embedEditImage(doc: PDFDocument, image: PreparedImage): Promise<PDFImage> {
  if (image.format === 'jpeg') return doc.embedJpg(image.bytes);
  const ref = doc.context.nextRef();
  // PDFImage takes only pdf-lib's embedders: this one writes the samples as they came, deflated, instead of decoding a PNG.
  const embedder = Object.assign(Object.create(PngEmbedder.prototype) as PngEmbedder, {
    width: image.width,
    height: image.height,
    embedIntoContext: async (context: PDFContext, into: PDFRef) => {
      const samples = (data: Buffer, channels: 1 | 3, extra: Record<string, unknown> = {}) =>
        context.stream(data, { Type: 'XObject', Subtype: 'Image', Width: image.width, Height: image.height, BitsPerComponent: 8, ColorSpace: channels === 1 ? 'DeviceGray' : 'DeviceRGB', Filter: 'FlateDecode', ...extra });
      const mask = image.alpha ? context.register(samples(image.alpha, 1)) : undefined;
      context.assign(into, samples(image.colour, image.channels, mask ? { SMask: mask } : {}));
      return into;
    },
  });
  const embedded = PDFImage.of(ref, doc, embedder);
  await embedded.embed(); // pdf-lib embeds only the images its own embed calls made when it saves
  return embedded;
}
