import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import type { EncodedImage, ImageSource } from '../pdf/image-xobject.ts';
import { imageEngine } from '../process/commands.ts';
import { mapLimit } from '../util/map-limit.ts';

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
  /** Images the process works on at once. */
  concurrency: number;
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

/** Images one process takes: enough to pay for its start (tens of ms), few enough for steady progress. */
const PER_PROCESS = 16;

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
 * be read. The work runs in image engine processes, a batch each, both cores busy.
 */
export async function reencodeImages(ctx: ToolContext, images: readonly PendingImage[], target: ImageTarget, onProgress: (fraction: number) => void): Promise<(EncodedImage | undefined)[]> {
  const parallelism = Math.max(1, ctx.limits.parallelism);
  const batchCount = Math.max(Math.min(images.length, parallelism), Math.ceil(images.length / PER_PROCESS));
  const size = Math.ceil(images.length / Math.max(1, batchCount));
  const batches = Array.from({ length: batchCount }, (_, i) => images.slice(i * size, (i + 1) * size)).filter((b) => b.length > 0);
  const concurrency = Math.max(1, Math.ceil(parallelism / batches.length));
  let done = 0;
  const results = await mapLimit(batches, parallelism, async (batch) => {
    ctx.checkAborted();
    const encoded = await runBatch(ctx, batch, target, concurrency);
    onProgress((done += batch.length) / images.length);
    return encoded;
  });
  return results.flat();
}

async function runBatch(ctx: ToolContext, images: readonly PendingImage[], target: ImageTarget, concurrency: number): Promise<(EncodedImage | undefined)[]> {
  const id = randomUUID();
  const files: string[] = [];
  try {
    const planned: (ReencodeTask | undefined)[] = [];
    for (const [i, image] of images.entries()) {
      const source = image.read();
      const plan = source && planReencode(source, image.maxSide, target);
      if (!source || !plan) {
        planned.push(undefined);
        continue;
      }
      const input = join(ctx.dir, `image-${id}-${i}.${source.kind === 'jpeg' ? 'jpg' : 'raw'}`);
      const output = join(ctx.dir, `image-${id}-${i}-out.jpg`);
      files.push(input, output);
      await writeFile(input, source.data);
      planned.push({ ...plan, input, output });
    }
    const tasks = planned.filter((t): t is ReencodeTask => !!t);
    if (tasks.length === 0) return planned.map(() => undefined);
    const manifest = join(ctx.dir, `images-${id}.json`);
    files.push(manifest);
    await writeFile(manifest, JSON.stringify({ tasks, concurrency, maxPixels: ctx.limits.maxPixels } satisfies ReencodeBatch));
    const result = await ctx.run(imageEngine(manifest));
    // An engine that crashed (hostile image data) leaves its batch's images as they were.
    const lines = result.exitCode === 0 && !result.truncated ? result.stdout.toString('utf8').split('\n') : [];
    let next = 0;
    return await Promise.all(
      planned.map(async (task) => {
        if (!task) return undefined;
        const line = lines[next++];
        const made = line ? (JSON.parse(line) as Reencoded | null) : null;
        return made ? { kind: 'jpeg' as const, data: await readFile(task.output), ...made } : undefined;
      }),
    );
  } finally {
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
}
