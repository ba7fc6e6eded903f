import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
let widths: Buffer;
beforeAll(async () => {
  ws = await workspace();
  // Page n is 100 + 10n points wide, so at 72 dpi each image says which page it is.
  const doc = await PDFDocument.create();
  for (let n = 1; n <= 25; n++) doc.addPage([100 + 10 * n, 200]);
  widths = Buffer.from(await doc.save());
});
afterAll(() => ws.dispose());

const widthOf = async (path: string) => (await sharp(path).metadata()).width;

describe('pdf-to-image of many pages', () => {
  it('renders every page, each to its own file in page order', async () => {
    const jpegs = await ws.run('pdf-to-image', [file('w.pdf', widths)], { format: 'jpeg', dpi: 72 });
    expect(jpegs.map((o) => o.filename)).toEqual(Array.from({ length: 25 }, (_, i) => `w-page-${i + 1}.jpg`));
    expect(await Promise.all(jpegs.map((o) => widthOf(o.path)))).toEqual(Array.from({ length: 25 }, (_, i) => 110 + 10 * i));
  });

  it('renders the pages asked for, in the order asked', async () => {
    const pngs = await ws.run('pdf-to-image', [file('w.pdf', widths)], { format: 'png', dpi: 72, pages: '20-24,3,1-2' });
    expect(pngs.map((o) => o.filename)).toEqual([20, 21, 22, 23, 24, 3, 1, 2].map((n) => `w-page-${n}.png`));
    expect(await Promise.all(pngs.map((o) => widthOf(o.path)))).toEqual([20, 21, 22, 23, 24, 3, 1, 2].map((n) => 100 + 10 * n));
  });
});
