import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handWrittenPdf } from '../test/fixtures.ts';
import { pageSizes, renderPage } from './page-images.ts';

let dir: string;
let path: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wattle-page-images-'));
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Portrait', { x: 50, y: 780, size: 24 });
  doc.addPage([595, 842]).setRotation(degrees(90));
  // A thin strip: at a normal width it would be millions of pixels tall.
  doc.addPage([10, 14_000]);
  path = join(dir, 'pages.pdf');
  writeFileSync(path, await doc.save());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pageSizes', () => {
  it('refuses a file whose catalogue cannot be read as PDF_CORRUPT (a share page answered 500, decision 140)', async () => {
    const noCatalogue = handWrittenPdf('<< /Type /Pages /Kids [3 0 R] /Count 1 >>').toString('latin1').replace('<< /Type /Catalog /Pages 2 0 R >>', '(gone)'.padEnd(33));
    const path = join(dir, 'no-catalogue.pdf');
    writeFileSync(path, noCatalogue, 'latin1');
    await expect(pageSizes(path)).rejects.toMatchObject({ code: 'PDF_CORRUPT' });
    await expect(renderPage(path, 1, 100, { workDir: dir })).rejects.toMatchObject({ code: 'PDF_CORRUPT' });
  });

  it('answers each page as displayed, turned pages turned', async () => {
    expect(await pageSizes(path)).toEqual([
      { width: 595, height: 842 },
      { width: 842, height: 595 },
      { width: 10, height: 14_000 },
    ]);
  });
});

describe('renderPage', () => {
  it('renders one page as a WebP of the asked width', async () => {
    const image = await renderPage(path, 1, 400, { workDir: dir });
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400 });
    expect(Math.abs(meta.height! - Math.round((400 * 842) / 595))).toBeLessThanOrEqual(1);
    // Something is drawn: the page is not blank white.
    const { channels } = await sharp(image).stats();
    expect(channels[0]!.min).toBeLessThan(128);
  });

  it('refuses a page over the pixel budget before rendering it', async () => {
    await expect(renderPage(path, 3, 2000, { workDir: dir })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });
});
