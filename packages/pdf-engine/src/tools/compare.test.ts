import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts, degrees, rgb } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A4 } from '../test/fixtures.ts';
import { file, pdfText, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;

/** Three pages of text; `word` goes on page 2 and `square` colours a box on page 3. */
async function version(word: string, square: { r: number; g: number; b: number }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const page = doc.addPage(A4);
    page.drawText(`Page ${n} of the tender.`, { x: 72, y: 780, size: 14, font });
    if (n === 2) page.drawText(`The quick brown ${word} jumps over the lazy dog.`, { x: 72, y: 740, size: 14, font });
    if (n === 3) page.drawRectangle({ x: 200, y: 300, width: 150, height: 150, color: rgb(square.r, square.g, square.b) });
  }
  return Buffer.from(await doc.save());
}

beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

describe('compare', () => {
  it('finds a changed word on page 2 and a changed picture on page 3', async () => {
    const before = await version('fox', { r: 0, g: 0, b: 1 });
    const after = await version('cat', { r: 1, g: 0.8, b: 0 });
    const [report, json] = await ws.run('compare', [file('v1.pdf', before), file('v2.pdf', after)]);
    expect(report).toMatchObject({ filename: 'v1-comparison.pdf', contentType: 'application/pdf' });
    expect(json).toMatchObject({ filename: 'v1-comparison.json', contentType: 'application/json' });
    const findings = JSON.parse(await readFile(json!.path, 'utf8'));
    expect(findings.identical).toBe(false);
    expect(findings.pages.map((p: { page: number; status: string }) => [p.page, p.status])).toEqual([
      [2, 'text'],
      [3, 'visual'],
    ]);
    expect(findings.pages[0].changes).toMatchObject([{ type: 'changed', before: 'fox', after: 'cat' }]);
    const [box] = findings.pages[0].changes[0].boxesBefore;
    expect(box.x).toBeGreaterThan(100);
    expect(box.y).toBeGreaterThan(730);
    const [area] = findings.pages[1].visual;
    expect(area.x).toBeGreaterThan(180);
    expect(area.x + area.width).toBeLessThan(370);
    expect(area.y).toBeGreaterThan(280);

    // A summary page and one sheet for each page that differs, both versions side by side.
    expect(report!.pages).toBe(3);
    const text = pdfText(report!.path);
    expect(text).toContain('Page 2: “fox” became “cat”.');
    expect(text).toContain('Page 3: same text, but 1 area looks different.');
  });

  it('says when the files are the same, and reports pages only one file has', async () => {
    const base = await version('fox', { r: 0, g: 0, b: 1 });
    const [same, sameJson] = await ws.run('compare', [file('a.pdf', base), file('b.pdf', base)]);
    expect(JSON.parse(await readFile(sameJson!.path, 'utf8'))).toMatchObject({ identical: true, pages: [] });
    expect(pdfText(same!.path)).toContain('The two files have the same text and look the same.');

    const shorter = await PDFDocument.load(base);
    shorter.removePage(2);
    const [, json] = await ws.run('compare', [file('a.pdf', base), file('b.pdf', Buffer.from(await shorter.save()))]);
    expect(JSON.parse(await readFile(json!.path, 'utf8')).pages).toMatchObject([{ page: 3, status: 'removed' }]);
  });

  it('calls a page and its turned copy different', async () => {
    const base = await version('fox', { r: 0, g: 0, b: 1 });
    const doc = await PDFDocument.load(base);
    doc.getPage(1).setRotation(degrees(90));
    doc.getPage(2).setRotation(degrees(270));
    const [report, json] = await ws.run('compare', [file('a.pdf', base), file('b.pdf', Buffer.from(await doc.save()))]);
    const findings = JSON.parse(await readFile(json!.path, 'utf8'));
    expect(findings.identical).toBe(false);
    expect(findings.pages).toMatchObject([
      { page: 2, status: 'turned', turned: 90 },
      { page: 3, status: 'turned', turned: 270 },
    ]);
    const text = pdfText(report!.path);
    expect(text).toContain('Page 2: same text, but the page is turned 90° clockwise.');
    expect(text).toContain('Page 3: same text, but the page is turned 90° anticlockwise.');
  });

  it('asks for the password of a protected file', async () => {
    const base = await version('fox', { r: 0, g: 0, b: 1 });
    const [locked] = await ws.run('protect', [file('a.pdf', base)], { userPassword: 'pw' });
    expect(await ws.fail('compare', [file('a.pdf', base), file('b.pdf', await readFile(locked!.path))])).toBe('PDF_ENCRYPTED');
  });
});

describe('compare turned pages', () => {
  it('highlights a changed word where the turned page shows it', async () => {
    const turned = async (word: string) => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.addPage(A4);
      page.drawText(`The ${word} report`, { x: 72, y: 700, size: 14, font });
      page.setRotation(degrees(90));
      return Buffer.from(await doc.save());
    };
    const [report, json] = await ws.run('compare', [file('a.pdf', await turned('draft')), file('b.pdf', await turned('final'))]);
    const [change] = JSON.parse(await readFile(json!.path, 'utf8')).pages[0].changes;
    expect(change).toMatchObject({ type: 'changed', before: 'draft', after: 'final' });
    // Shown turned, the page is 841.89 wide and the text runs down from near its top: user y 700 is shown x 700.
    expect(change.boxesBefore[0].x).toBeGreaterThan(690);
    expect(change.boxesBefore[0].y).toBeLessThan(595.28 - 72);
    // The sheet shows the page turned too: the highlight's spot on the sheet is dark with text.
    const sheet = (await PDFDocument.load(await readFile(report!.path))).getPage(1);
    expect(sheet.getWidth()).toBeGreaterThan(2 * 841);
  });
});
