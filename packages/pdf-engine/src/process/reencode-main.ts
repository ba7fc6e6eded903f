/**
 * The image engine: re-encodes images as JPEG with sharp in a process of its own, started like any
 * engine (low priority, killed with its job, timed out), so untrusted image data is decoded outside
 * the server and its CPU does not compete with the server's at the same priority. Run with Node's
 * own type stripping: `node reencode-main.ts <batch.json> <lanes>`. It is started before its batch is
 * written and loads sharp while it waits for the file. Its lanes (one a core the job may use) work down
 * the task list side by side, each taking the next task. Prints one JSON line per task: its index and
 * the JPEG's geometry, or null when sharp could not read the image (it then stays as it was).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import type { ReencodeBatch, ReencodeTask, Reencoded } from '../tools/compress-images.ts';

async function reencode(task: ReencodeTask, maxPixels: number): Promise<Reencoded | null> {
  try {
    // libvips' load option decodes at 1/2, 1/4 or 1/8 in the DCT itself, skipping most of the decoding work.
    let image = task.rawChannels
      ? sharp(await readFile(task.input), { limitInputPixels: maxPixels, raw: { width: task.sourceWidth, height: task.sourceHeight, channels: task.rawChannels } })
      : sharp(task.shrink > 1 ? `${task.input}[shrink=${task.shrink}]` : task.input, { limitInputPixels: maxPixels });
    // libjpeg rounds a scaled size up; Mitchell takes what is left, as sharp as Lanczos on scans and faster.
    if (Math.ceil(task.sourceWidth / task.shrink) !== task.width || Math.ceil(task.sourceHeight / task.shrink) !== task.height) image = image.resize(task.width, task.height, { fit: 'fill', kernel: 'mitchell' });
    if (task.grey) image = image.toColourspace('b-w');
    const { data, info } = await image.jpeg({ quality: task.quality, chromaSubsampling: '4:2:0', optimiseCoding: true }).toBuffer({ resolveWithObject: true });
    await writeFile(task.output, data);
    return { width: info.width, height: info.height, channels: info.channels === 1 ? 1 : 3 };
  } catch {
    return null;
  }
}

/** The batch file, once the server has renamed it into place (it writes the images first). */
async function waitForBatch(path: string): Promise<ReencodeBatch> {
  for (;;) {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as ReencodeBatch;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await setTimeout(5);
  }
}

// A lane is one image on one thread: the lanes, not libvips' threads, use the cores.
sharp.concurrency(1);
const batch = await waitForBatch(process.argv[2]!);
let next = 0;
async function lane() {
  for (let index = next++; index < batch.tasks.length; index = next++) {
    process.stdout.write(`${JSON.stringify([index, await reencode(batch.tasks[index]!, batch.maxPixels)])}\n`);
  }
}
await Promise.all(Array.from({ length: Math.max(1, Number(process.argv[3]) || 1) }, lane));
