import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, pdfOf, workspace, type Workspace } from '../test/harness.ts';

/** A phone photo as iPhones save it: HEVC in a HEIF container, made by libheif's encoder. */
async function heicPhoto(width: number, height: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'wattle-heic-'));
  try {
    await writeFile(join(dir, 'photo.jpg'), await sharp({ create: { width, height, channels: 3, background: '#2a7' } }).jpeg().toBuffer());
    execFileSync('heif-enc', ['-q', '60', '-o', join(dir, 'photo.heic'), join(dir, 'photo.jpg')], { stdio: 'ignore' });
    return await readFile(join(dir, 'photo.heic'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

describe('image-to-pdf with HEIC photos', () => {
  it('turns a HEIC photo into a page beside a PNG, the photo drawn as JPEG', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } }).png().toBuffer();
    const [out] = await ws.run('image-to-pdf', [file('IMG_0001.HEIC', await heicPhoto(640, 480)), file('b.png', png)], { pageSize: 'fit', margin: 0 });
    expect(out!.filename).toBe('IMG_0001.pdf');
    expect(out!.pages).toBe(2);
    execFileSync('qpdf', ['--check', out!.path]);
    const doc = await pdfOf(out!);
    expect(doc.getPage(0).getSize()).toEqual({ width: 640, height: 480 });
    expect((await readFile(out!.path)).includes('/DCTDecode')).toBe(true);
  });

  it('checks the pixel budget from the header, before decoding', async () => {
    expect(await ws.fail('image-to-pdf', [file('big.heic', await heicPhoto(640, 480))], {}, { maxPixels: 100_000 })).toBe('LIMIT_EXCEEDED');
  });

  it('refuses a damaged HEIC with a code', async () => {
    const cut = (await heicPhoto(640, 480)).subarray(0, 600);
    expect(await ws.fail('image-to-pdf', [file('cut.heic', cut)])).toBe('UNSUPPORTED_FILE_TYPE');
  });
});
