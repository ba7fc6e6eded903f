import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type ToolContext } from '../context.ts';
import { DEFAULT_LIMITS } from '../limits.ts';
import type { ImageSource } from '../pdf/image-xobject.ts';
import { imageEngine } from '../process/commands.ts';
import { launcherPid } from '../process/launcher.ts';
import { liveCommandCount } from '../process/run-command.ts';
import { readJpegHeader } from '../util/jpeg-header.ts';
import { scanImage } from '../test/fixtures.ts';
import { childProcesses } from '../test/harness.ts';
import { planReencode, reencodeImages, startImageEngine, type PendingImage, type ReencodeBatch } from './compress-images.ts';

let root: string;
let ctx: ToolContext;
let scan: Buffer;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wattle-compress-images-'));
  await mkdir(join(root, 'work'));
  ctx = createContext({ dir: join(root, 'work'), outputDir: root, limits: { ...DEFAULT_LIMITS, parallelism: 2 } });
  scan = await scanImage('Invoice 1042', 1240, 1754); // A4 at 150 dpi
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** An image engine for this batch has loaded sharp: what it does next is wait for the batch file. */
function engineWaitingFor(batch: string): boolean {
  const below = (pid: number): number[] => childProcesses(pid).flatMap((child) => [child.pid, ...below(child.pid)]);
  const launcher = launcherPid();
  return launcher !== undefined && below(launcher).some((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(batch) && readFileSync(`/proc/${pid}/maps`, 'utf8').includes('sharp');
    } catch {
      return false; // exited while we looked
    }
  });
}

const jpegSource = (data: Buffer): ImageSource => {
  const header = readJpegHeader(data)!;
  return { kind: 'jpeg', data, width: header.width, height: header.height, channels: header.components as 1 | 3, quality: header.quality };
};
const pending = (source: ImageSource, maxSide: number): PendingImage => ({ read: () => source, maxSide });
const target = { quality: 60, grayscale: false };

describe('re-encoding images in the image engine', () => {
  it('decodes a JPEG at the DCT scale that fits and resizes what is left', () => {
    const source = jpegSource(scan);
    expect(planReencode(source, 1200, target)).toMatchObject({ shrink: 1, width: 848, height: 1200 });
    expect(planReencode(source, 877, target)).toMatchObject({ shrink: 2, width: 620, height: 877 });
    expect(planReencode(source, 600, target)).toMatchObject({ shrink: 2, width: 424, height: 600 });
    expect(planReencode(source, 200, target)).toMatchObject({ shrink: 8, width: 141, height: 200 });
  });

  it('downsamples JPEG and raw images to the target, each in its place, and cleans up', async () => {
    const jpeg = await sharp(scan).jpeg({ quality: 95 }).toBuffer();
    const { data, info } = await sharp(scan).resize(300).raw().toBuffer({ resolveWithObject: true });
    const raw: ImageSource = { kind: 'raw', data, width: info.width, height: info.height, channels: 3 };
    let progress = 0;
    const images = await reencodeImages(ctx, [pending(jpegSource(jpeg), 877), pending(raw, 1000), pending(jpegSource(jpeg), 300)], target, (f) => (progress = f));
    expect(images.map((image) => image && [image.width, image.height, image.channels])).toEqual([
      [620, 877, 3],
      [300, 424, 3],
      [212, 300, 3],
    ]);
    for (const image of images) expect(readJpegHeader(image!.data)).toMatchObject({ width: image!.width, height: image!.height, quality: 60 });
    expect(progress).toBe(1);
    expect(await readdir(join(root, 'work'))).toEqual([]);
    expect(liveCommandCount()).toBe(0);
  });

  it('keeps an image already at the target and one it cannot read as they were, and does the rest', async () => {
    const lowQuality = await sharp(scan).resize(400).jpeg({ quality: 50 }).toBuffer();
    const broken = Buffer.concat([scan.subarray(0, 2000), Buffer.alloc(5000, 0xff)]); // the frame header survives, the data does not
    const images = await reencodeImages(ctx, [pending(jpegSource(lowQuality), 1000), pending(jpegSource(broken), 877), pending(jpegSource(scan), 877)], target, () => {});
    expect(images.map((image) => image && image.height)).toEqual([undefined, undefined, 877]);
  });

  it('spreads many images over batches and lanes and keeps their order', async () => {
    const sides = Array.from({ length: 40 }, (_, i) => 100 + i * 10);
    const images = await reencodeImages(ctx, sides.map((side) => pending(jpegSource(scan), side)), target, () => {});
    expect(images.map((image) => image?.height)).toEqual(sides);
  });

  it('starts an engine before its batch is written, and its lanes share the batch, each image done once', async () => {
    const dir = join(root, 'shared');
    await mkdir(dir);
    const batch = join(dir, 'batch.json');
    const engine = ctx.run(imageEngine(batch, 2));
    await expect.poll(() => engineWaitingFor(batch), { timeout: 20_000, interval: 10 }).toBe(true);
    const tasks = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const input = join(dir, `in-${i}.jpg`);
        await writeFile(input, scan);
        return { input, output: join(dir, `out-${i}.jpg`), ...planReencode(jpegSource(scan), 200 + i, target)! };
      }),
    );
    await writeFile(batch, JSON.stringify({ tasks, maxPixels: DEFAULT_LIMITS.maxPixels } satisfies ReencodeBatch));
    const lines = (await engine).stdout.toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as [number, { height: number }]);
    expect(lines.map(([index]) => index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const [index, made] of lines) expect(made.height).toBe(200 + index);
  });

  it('re-encodes as many images at once as it has lanes', async () => {
    const dir = join(root, 'lanes');
    await mkdir(dir);
    // The first image's bytes come through a pipe the test holds back, so its lane waits for them.
    const held = join(dir, 'in-0.raw');
    execFileSync('mkfifo', [held]);
    const { data, info } = await sharp(scan).resize(300).raw().toBuffer({ resolveWithObject: true });
    const batch = join(dir, 'batch.json');
    const tasks = [
      { input: held, output: join(dir, 'out-0.jpg'), rawChannels: 3 as const, sourceWidth: info.width, sourceHeight: info.height, shrink: 1, width: info.width, height: info.height, grey: false, quality: 60 },
      { input: join(dir, 'in-1.jpg'), output: join(dir, 'out-1.jpg'), ...planReencode(jpegSource(scan), 300, target)! },
    ];
    await writeFile(tasks[1]!.input, scan);
    await writeFile(batch, JSON.stringify({ tasks, maxPixels: DEFAULT_LIMITS.maxPixels } satisfies ReencodeBatch));
    const engine = ctx.run(imageEngine(batch, 2));
    // The second lane finishes its image while the first still waits: one lane would wait here for ever.
    await expect.poll(async () => readJpegHeader(await readFile(tasks[1]!.output).catch(() => Buffer.alloc(0))), { timeout: 20_000, interval: 20 }).toBeTruthy();
    await writeFile(held, data);
    const lines = (await engine).stdout.toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as [number, { height: number }]);
    expect(lines).toEqual([
      [1, { width: 212, height: 300, channels: 3 }],
      [0, { width: 300, height: info.height, channels: 3 }],
    ]);
  });

  it('stops an engine already waiting for its batch when the job is cancelled or an image cannot be read out', async () => {
    const controller = new AbortController();
    const job = createContext({ dir: join(root, 'work'), outputDir: root, limits: { ...DEFAULT_LIMITS, parallelism: 2 }, signal: controller.signal });
    const source = jpegSource(scan);
    const failing = (fail: () => void): PendingImage[] => [pending(source, 600), { read: () => (fail(), source), maxSide: 600 }];
    await expect(reencodeImages(job, failing(() => controller.abort(new Error('cancelled'))), target, () => {})).rejects.toThrow('cancelled');
    await expect(reencodeImages(ctx, failing(() => { throw new Error('unreadable'); }), target, () => {})).rejects.toThrow('unreadable');
    expect(liveCommandCount()).toBe(0);
    expect(await readdir(join(root, 'work'))).toEqual([]);
  });

  it('gives the first batch to an engine started before the images were known, and stops it when nothing comes', async () => {
    const ready = startImageEngine(ctx, 2);
    const images = await reencodeImages(ctx, [pending(jpegSource(scan), 600), pending(jpegSource(scan), 300)], target, () => {}, ready);
    expect(images.map((image) => image?.height)).toEqual([600, 300]);
    expect((await ready.result).exitCode).toBe(0);
    const unused = startImageEngine(ctx, 2);
    expect(await reencodeImages(ctx, [], target, () => {}, unused)).toEqual([]);
    await unused.stop();
    expect(liveCommandCount()).toBe(0);
    expect(await readdir(join(root, 'work'))).toEqual([]);
  });
});
