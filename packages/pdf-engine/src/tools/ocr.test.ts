import { execFileSync } from 'node:child_process';
import { PDFDict, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageOnlyPdf, scanPdf } from '../test/fixtures.ts';
import { file, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';
import { writeFile } from 'node:fs/promises';

let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

const imageList = (path: string) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean).map((l) => l.split(/\s+/).slice(3, 6).join(' '));

describe('ocr', () => {
  it('adds a searchable text layer and keeps the page image as it was', async () => {
    const source = await imageOnlyPdf('Wattle invoice 2026');
    const sourcePath = `${ws.root}/source.pdf`;
    await writeFile(sourcePath, source);
    expect(pdfText(sourcePath).trim()).toBe('');
    const [out] = await ws.run('ocr', [file('scan.pdf', source)], { language: 'eng' });
    expect(out).toMatchObject({ filename: 'scan-ocr.pdf', pages: 1 });
    expect(pdfText(out!.path)).toMatch(/Wattle\s+invoice\s+2026/);
    expect(imageList(out!.path)).toEqual(imageList(sourcePath));
  });

  it('reads rotated pages and keeps their rotation', async () => {
    const [out] = await ws.run('ocr', [file('turned.pdf', await imageOnlyPdf('Sideways receipt', 90))], { language: 'eng' });
    expect((await pdfOf(out!)).getPage(0).getRotation().angle).toBe(90);
    expect(pdfText(out!.path)).toMatch(/Sideways\s+receipt/);
  });

  it('reads a page of a short job in strips, one a core, with every word where reading it whole puts it', async () => {
    const scan = await scanPdf(1, 300, () => 'Invoice 1001 Wattle Pty Ltd');
    const [whole] = await ws.run('ocr', [file('scan.pdf', scan)], { language: 'eng' }, { parallelism: 1 });
    const [strips] = await ws.run('ocr', [file('scan.pdf', scan)], { language: 'eng' }, { parallelism: 2 });
    const wordsOf = (path: string) =>
      [...execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' }).matchAll(/xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]+)</g)].map(([, x, y, word]) => ({ x: Number(x), y: Number(y), word }));
    const layers = async (out: typeof whole) => {
      const xobjects = (await pdfOf(out!)).getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
      return xobjects.values().filter((ref) => (xobjects.context.lookup(ref) as PDFRawStream).dict.get(PDFName.of('Subtype')) === PDFName.of('Form')).length;
    };
    expect([await layers(whole), await layers(strips)]).toEqual([1, 2]);
    const expected = wordsOf(whole!.path);
    expect(expected.length).toBeGreaterThan(200); // the heading and 27 lines under it, down to the foot of the page
    const found = wordsOf(strips!.path);
    expect(found.map((w) => w.word)).toEqual(expected.map((w) => w.word));
    for (const [i, word] of found.entries()) {
      expect(Math.abs(word.x - expected[i]!.x) + Math.abs(word.y - expected[i]!.y), word.word).toBeLessThan(2);
    }
  });
});
