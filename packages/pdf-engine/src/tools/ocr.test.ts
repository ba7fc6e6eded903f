import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreOfficeReport, pdfLatex } from '../test/born-digital.ts';
import { A4, imageOnlyPdf, scanPdf, textImage } from '../test/fixtures.ts';
import { file, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

const words = (path: string) => pdfText(path).split(/\s+/).filter(Boolean);
const count = (path: string, word: string) => words(path).filter((w) => w === word).length;
const written = async (name: string, bytes: Buffer) => {
  const path = `${ws.root}/${name}`;
  await writeFile(path, bytes);
  return path;
};

/**
 * A scanned page (an image of words) with text typed in Helvetica, as a scanning app stamps it: a
 * header above the scan, and a note over the scan's blank top.
 */
async function scanWithTypedHeader(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(A4);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = await doc.embedPng(await textImage('Kookaburra receipt 4471'));
  page.drawImage(png, { x: 36, y: 400, width: A4[0] - 72, height: ((A4[0] - 72) * 500) / 1700 });
  page.drawText('Scanned by Wattle Office', { x: 36, y: 800, size: 14, font });
  page.drawText('Received Tuesday', { x: 60, y: 530, size: 14, font });
  return Buffer.from(await doc.save());
}

const PAPER = String.raw`\documentclass{article}
\begin{document}
\section{Rainfall in the Murray--Darling}
The basin drains a seventh of the continent. Rainfall varies from year to year, and the rivers carry
the water of four states to the sea near Goolwa. Irrigation takes much of it, and towns along the
rivers depend on what is left for drinking water and for the wetlands that birds breed in.
\section{Method}
Gauges were read every morning at nine, and the readings were checked against the bureau's records.
\end{document}
`;

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

  it('leaves pages that already have text as they were: every word once (LibreOffice and pdfLaTeX output)', async () => {
    for (const [name, bytes, note] of [
      // The report's pages have a picture each, which is read (and holds no words).
      ['report.pdf', await libreOfficeReport(ws.root, 2), 'Recognised text on 0 of 2 pages.'],
      ['paper.pdf', await pdfLatex(ws.root, PAPER), 'Recognised text on 0 of 1 page. 1 page already had text and was left as it was.'],
    ] as const) {
      const before = words(await written(name, bytes));
      expect(before.length, name).toBeGreaterThan(60);
      const [out] = await ws.run('ocr', [file(name, bytes)], { language: 'eng' });
      expect(words(out!.path), name).toEqual(before);
      expect(out!.notes, name).toEqual([{ code: 'PAGES_RECOGNISED', message: note }]);
    }
  });

  it('reads only the scanned part of a page with typed text: the typed words once, over the scan too, the scan found', async () => {
    const [out] = await ws.run('ocr', [file('mixed.pdf', await scanWithTypedHeader())], { language: 'eng' });
    expect(pdfText(out!.path)).toMatch(/Kookaburra\s+receipt\s+4471/);
    expect(['Scanned', 'Wattle', 'Office', 'Received', 'Tuesday'].map((word) => count(out!.path, word))).toEqual([1, 1, 1, 1, 1]);
    expect(out!.notes).toContainEqual({ code: 'PAGES_RECOGNISED', message: 'Recognised text on 1 of 1 page.' });
  });

  it('finds the scanned part of a turned page with typed text where the page shows it', async () => {
    const doc = await PDFDocument.load(await imageOnlyPdf('Sideways receipt', 90));
    doc.getPage(0).drawText('Filed', { x: 300, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    const [out] = await ws.run('ocr', [file('turned.pdf', Buffer.from(await doc.save()))], { language: 'eng' });
    expect(pdfText(out!.path)).toMatch(/Sideways\s+receipt/);
    expect(count(out!.path, 'Filed')).toBe(1);
  });

  it('reads a recognised scan again only when asked, and then replaces its text instead of adding a second layer', async () => {
    const [first] = await ws.run('ocr', [file('scan.pdf', await imageOnlyPdf('Wattle invoice 2026'))], { language: 'eng' });
    const once = words(first!.path);
    expect(once.join(' ')).toMatch(/Wattle invoice 2026/);
    const again = await readFile(first!.path);
    const [skipped] = await ws.run('ocr', [file('scan-ocr.pdf', again)], { language: 'eng' });
    expect(words(skipped!.path)).toEqual(once);
    expect(skipped!.notes).toContainEqual({ code: 'PAGES_RECOGNISED', message: 'Recognised text on 0 of 1 page. 1 page already had text and was left as it was.' });
    const [forced] = await ws.run('ocr', [file('scan-ocr.pdf', again)], { language: 'eng', everyPage: true });
    expect(words(forced!.path)).toEqual(once);
    expect(forced!.notes).toContainEqual({ code: 'PAGES_RECOGNISED', message: 'Recognised text on 1 of 1 page.' });
  });
});
