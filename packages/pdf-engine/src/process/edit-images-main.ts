/**
 * The edit tool's images, decoded in a process of their own (decision 135): each image's size is read
 * from its header and checked against the pixel budget before anything is decoded, and the decoding
 * and the deflating of its samples happen here, so a 10000 x 10000 PNG of a few KB never costs the
 * server's memory or its event loop. Run with Node's own type stripping:
 * `node edit-images-main.ts <maxPixels> <input> <outputBase> [<input> <outputBase> …]`. Prints one
 * JSON line per image, in order (an `EditImageResult`). A JPEG stays as it is (PDF readers decode it),
 * once a full decode has shown it is one; any other image becomes 8-bit samples, deflated into
 * `<outputBase>.colour` and, when it has transparency, `<outputBase>.alpha`.
 */
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import sharp from 'sharp';
import type { EditImageResult } from '../tools/edit/images.ts';

const deflateAsync = promisify(deflate);
const FORMATS = new Set(['jpeg', 'png', 'webp']);

async function prepare(input: string, base: string, maxPixels: number): Promise<EditImageResult> {
  // Header only: libvips reads the dimensions without decoding a pixel.
  const meta = await sharp(input, { limitInputPixels: false }).metadata().catch(() => undefined);
  if (!meta?.width || !meta.height || !meta.format || !FORMATS.has(meta.format)) return { problem: 'unreadable' };
  const { width, height } = meta;
  if (width * height > maxPixels) return { problem: 'pixels', width, height };
  try {
    const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
    if (meta.format === 'jpeg') {
      await image.resize(8, 8).raw().toBuffer(); // a JPEG header on garbage is not an image
      return { kind: 'jpeg', width, height };
    }
    const grey = meta.channels !== undefined && meta.channels <= 2 && meta.space === 'b-w';
    const { data, info } = await image.toColourspace(grey ? 'b-w' : 'srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const alpha = meta.hasAlpha === true && (info.channels === 2 || info.channels === 4);
    const colours = (alpha ? info.channels - 1 : info.channels) as 1 | 3;
    const pixels = info.width * info.height;
    const colour = alpha ? Buffer.allocUnsafe(pixels * colours) : data;
    const mask = alpha ? Buffer.allocUnsafe(pixels) : undefined;
    if (mask) {
      for (let p = 0, s = 0; p < pixels; p++) {
        for (let c = 0; c < colours; c++) colour[p * colours + c] = data[s++]!;
        mask[p] = data[s++]!;
      }
    }
    await writeFile(`${base}.colour`, await deflateAsync(colour));
    if (mask) await writeFile(`${base}.alpha`, await deflateAsync(mask));
    return { kind: 'raw', width: info.width, height: info.height, channels: colours, alpha: !!mask };
  } catch {
    return { problem: 'unreadable' };
  }
}

const [maxPixels, ...pairs] = process.argv.slice(2);
for (let i = 0; i + 1 < pairs.length; i += 2) {
  process.stdout.write(`${JSON.stringify(await prepare(pairs[i]!, pairs[i + 1]!, Number(maxPixels)))}\n`);
}
