import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StartedEngine, ToolContext } from '../context.ts';
import type { EncodedImage, ImageSource } from '../pdf/image-xobject.ts';
import { imageEngine } from '../process/commands.ts';

/** One image for the image engine (process/reencode-main.ts): its bytes in a file, and what to make of them. */
export interface ReencodeTask {
  input: string;
  output: string;
  /** Set when the input holds 8-bit samples (sourceWidth x sourceHeight) rather than a JPEG: their channels. */
  rawChannels?: 1 | 3;
  sourceWidth: number;
  sourceHeight: number;
  /** The DCT scale libjpeg decodes a JPEG at: 1, 2, 4 or 8. */
  shrink: number;
  width: number;
  height: number;
  grey: boolean;
  quality: number;
}

export interface ReencodeBatch {
  tasks: ReencodeTask[];
  maxPixels: number;
}

export interface Reencoded {
  width: number;
  height: number;
  channels: 1 | 3;
}

export interface ImageTarget {
  quality: number;
  grayscale: boolean;
}

/** An image XObject waiting to be re-encoded: read when its batch starts, so only a batch's pixels are in memory. */
export interface PendingImage {
  read(): ImageSource | undefined;
  /** Longest side the image can usefully have. */
  maxSide: number;
}

/** Images a batch holds for each lane of its engine: enough to pay for its start (tens of ms), few enough for steady progress. */
const PER_LANE = 16;

/** The largest DCT scale (1/2, 1/4, 1/8) libjpeg can decode at without going below `factor`. */
const dctShrink = (factor: number) => [8, 4, 2].find((d) => d <= factor) ?? 1;

/**
 * How to re-encode `source`, or undefined when it is already at or below the target (no
 * downsampling, quality no higher, colour as asked), which is decided without decoding it.
 */
export function planReencode(source: ImageSource, maxSide: number, target: ImageTarget): Omit<ReencodeTask, 'input' | 'output'> | undefined {
  const scale = Math.min(1, maxSide / Math.max(source.width, source.height));
  const grey = target.grayscale || source.channels === 1;
  const resize = scale < 0.95;
  const colourKept = grey === (source.channels === 1);
  if (source.kind === 'jpeg' && !resize && colourKept && source.quality !== undefined && source.quality <= target.quality) return undefined;
  const width = resize ? Math.max(1, Math.round(source.width * scale)) : source.width;
  const height = resize ? Math.max(1, Math.round(source.height * scale)) : source.height;
  return {
    ...(source.kind === 'raw' && { rawChannels: source.channels }),
    sourceWidth: source.width,
    sourceHeight: source.height,
    shrink: source.kind === 'jpeg' ? dctShrink(source.width / width) : 1,
    width,
    height,
    grey,
    quality: target.quality,
  };
}

/**
 * Each image re-encoded at the target, in order, or undefined where it is already there or could not
 * be read. Batch after batch, each in one image engine process with a lane a core, both cores busy;
 * the first batch goes to the `ready` engine when the caller started it early.
 */
export async function reencodeImages(ctx: ToolContext, images: readonly PendingImage[], target: ImageTarget, onProgress: (fraction: number) => void, ready?: ImageEngine): Promise<(EncodedImage | undefined)[]> {
  const lanes = Math.max(1, ctx.limits.parallelism);
  const size = Math.ceil(images.length / Math.ceil(images.length / (lanes * PER_LANE)));
  const results: (EncodedImage | undefined)[] = [];
  for (let start = 0; start < images.length; start += size) {
    ctx.checkAborted();
    results.push(...(await runBatch(ctx, images.slice(start, start + size), target, lanes, start === 0 ? ready : undefined)));
    onProgress(results.length / images.length);
  }
  return results;
}

/** An image engine waiting for its batch file, loading sharp meanwhile; stopped if its batch will not come. */
export interface ImageEngine extends StartedEngine {
  batch: string;
}

/** One process, `lanes` images at a time: a second Node and sharp would cost as much again to start and to hold. */
export function startImageEngine(ctx: ToolContext, lanes: number): ImageEngine {
  const batch = join(ctx.dir, `images-${randomUUID()}.json`);
  return { batch, ...ctx.start(imageEngine(batch, lanes)) };
}

async function runBatch(ctx: ToolContext, images: readonly PendingImage[], target: ImageTarget, lanes: number, ready: ImageEngine | undefined): Promise<(EncodedImage | undefined)[]> {
  const id = randomUUID();
  const files: string[] = [];
  let engine = ready;
  try {
    const planned: (ReencodeTask | undefined)[] = [];
    for (const [i, image] of images.entries()) {
      const source = image.read();
      const plan = source && planReencode(source, image.maxSide, target);
      if (!source || !plan) {
        planned.push(undefined);
        continue;
      }
      // The engine starts with the first image to re-encode and loads sharp while the others are written.
      engine ??= startImageEngine(ctx, Math.min(lanes, images.length - i));
      const input = join(ctx.dir, `image-${id}-${i}.${source.kind === 'jpeg' ? 'jpg' : 'raw'}`);
      const output = join(ctx.dir, `image-${id}-${i}-out.jpg`);
      files.push(input, output);
      await writeFile(input, source.data);
      planned.push({ ...plan, input, output });
    }
    const tasks = planned.filter((t): t is ReencodeTask => !!t);
    if (tasks.length === 0 || !engine) return planned.map(() => undefined);
    // Renamed into place whole: the engine never reads half a batch.
    files.push(engine.batch, `${engine.batch}.part`);
    await writeFile(`${engine.batch}.part`, JSON.stringify({ tasks, maxPixels: ctx.limits.maxPixels } satisfies ReencodeBatch));
    await rename(`${engine.batch}.part`, engine.batch);
    const made = new Map<number, Reencoded | null>();
    const result = await engine.result;
    // An engine that crashed (hostile image data) leaves the batch's images as they were.
    const lines = result.exitCode === 0 && !result.truncated ? result.stdout.toString('utf8').split('\n').filter(Boolean) : [];
    for (const line of lines) {
      const [index, geometry] = JSON.parse(line) as [number, Reencoded | null];
      made.set(index, geometry);
    }
    return await Promise.all(
      planned.map(async (task) => {
        const geometry = task && made.get(tasks.indexOf(task));
        return geometry ? { kind: 'jpeg' as const, data: await readFile(task.output), ...geometry } : undefined;
      }),
    );
  } finally {
    await engine?.stop();
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}
