import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageOnlyPdf } from '../test/fixtures.ts';
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
});
