import { spawnSync } from 'node:child_process';
import { degrees, PDFDocument, rgb } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolOutput } from '../context.ts';
import { A4, textPdf } from '../test/fixtures.ts';
import { file, pdfOf, pdfText, workspace, type Workspace } from '../test/harness.ts';

/** header-footer, bates, n-up, crop and remove-blank-pages on generated PDFs, read back by pdftotext and pdf-lib. */

let ws: Workspace;
let three: Buffer;
beforeAll(async () => {
  ws = await workspace();
  three = await textPdf(3);
});
afterAll(() => ws.dispose());

const MM = 72 / 25.4;
const checked = (output: ToolOutput) => expect(spawnSync('qpdf', ['--check', output.path]).status, output.filename).toBe(0);
const pages = (output: ToolOutput) => pdfText(output.path).split('\f').slice(0, -1);
const box = (b: { x: number; y: number; width: number; height: number }) => [b.x, b.y, b.width, b.height].map((n) => Math.round(n * 10) / 10);

async function pdfOfPages(draw: ((page: ReturnType<PDFDocument['addPage']>) => void)[], rotate = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const paint of draw) {
    const page = doc.addPage(A4);
    page.setRotation(degrees(rotate));
    paint(page);
  }
  return Buffer.from(await doc.save());
}

describe('header-footer', () => {
  it('writes each place with its page number, the page count, the date and the file name', async () => {
    const [out] = await ws.run('header-footer', [file('Board report.pdf', three)], {
      topLeft: '{filename}',
      topRight: '{date}',
      bottomCenter: 'Page {n} of {total}',
      bottomRight: 'سري للغاية',
    });
    checked(out!);
    expect(out).toMatchObject({ filename: 'Board report-headers.pdf', pages: 3 });
    const texts = pages(out!);
    for (const [i, text] of texts.entries()) {
      expect(text).toContain(`Page ${i + 1} of 3`);
      expect(text).toContain('Board report.pdf');
      expect(text).toMatch(/\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/);
      expect(text.normalize('NFKC')).toContain('سري');
    }
  });

  it('stamps only the pages chosen, and needs text for at least one place', async () => {
    const [out] = await ws.run('header-footer', [file('r.pdf', three)], { topCenter: 'DRAFT {n}', pages: '2-3' });
    expect(pages(out!).map((text) => text.includes('DRAFT'))).toEqual([false, true, true]);
    expect(await ws.fail('header-footer', [file('r.pdf', three)], {})).toBe('VALIDATION_FAILED');
    expect(await ws.fail('header-footer', [file('r.pdf', three)], { topCenter: 'x', pages: '4' })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('header-footer', [file('r.pdf', three)], { topCenter: 'two\nlines' })).toBe('VALIDATION_FAILED');
  });
});

describe('bates', () => {
  it('numbers every page, on from one file to the next', async () => {
    const outs = await ws.run('bates', [file('a.pdf', await textPdf(2)), file('b.pdf', three)], { prefix: 'SMITH-', start: 7, digits: 4 });
    expect(outs.map((o) => [o.filename, o.pages])).toEqual([
      ['a-bates.pdf', 2],
      ['b-bates.pdf', 3],
    ]);
    outs.forEach(checked);
    const numbers = outs.flatMap((o) => pages(o).map((text) => /SMITH-\d+/.exec(text)?.[0]));
    expect(numbers).toEqual(['SMITH-0007', 'SMITH-0008', 'SMITH-0009', 'SMITH-0010', 'SMITH-0011']);
  });

  it('refuses digits and starts out of bounds', async () => {
    expect(await ws.fail('bates', [file('a.pdf', three)], { digits: 13 })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('bates', [file('a.pdf', three)], { start: -1 })).toBe('VALIDATION_FAILED');
  });

  it('refuses a number that does not fit on the page instead of stamping it off the page', async () => {
    // A label-sized page, 40 × 20 mm: SMITH-000001 at 10 pt is about 25 mm wide, with 10 mm margins each side.
    const tiny = await textPdf(2, { size: [40 * MM, 20 * MM] });
    expect(await ws.fail('bates', [file('label.pdf', tiny)], { prefix: 'SMITH-' })).toBe('TEXT_DOES_NOT_FIT');
    expect(await ws.fail('page-numbers', [file('label.pdf', await textPdf(1, { size: [20, 20] }))])).toBe('TEXT_DOES_NOT_FIT');
    const [fits] = await ws.run('bates', [file('label.pdf', tiny)], { prefix: 'SMITH-', margin: 2, fontSize: 6 });
    expect(pages(fits!).map((text) => /SMITH-\d+/.exec(text)?.[0])).toEqual(['SMITH-000001', 'SMITH-000002']);
  });
});

describe('n-up', () => {
  it('puts two portrait pages side by side on a landscape sheet of the size asked for, text still text', async () => {
    const [out] = await ws.run('n-up', [file('r.pdf', await textPdf(5))], { pagesPerSheet: 2, pageSize: 'Letter' });
    checked(out!);
    expect(out).toMatchObject({ filename: 'r-2-up.pdf', pages: 3 });
    const doc = await pdfOf(out!);
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual(Array(3).fill([792, 612]));
    expect(pages(out!).map((text) => text.match(/Page \d/g))).toEqual([['Page 1', 'Page 2'], ['Page 3', 'Page 4'], ['Page 5']]);
  });

  it('keeps portrait sheets for 4 and 9 pages a sheet, and counts sheets', async () => {
    const nine = await textPdf(10);
    const [four] = await ws.run('n-up', [file('r.pdf', nine)], { pagesPerSheet: 4 });
    const [many] = await ws.run('n-up', [file('r.pdf', nine)], { pagesPerSheet: 9 });
    expect([four!.pages, many!.pages]).toEqual([3, 2]);
    expect((await pdfOf(four!)).getPage(0).getSize()).toEqual({ width: A4[0], height: A4[1] });
    expect(pdfText(many!.path)).toContain('Page 9');
    expect(await ws.fail('n-up', [file('r.pdf', nine)], { pagesPerSheet: 3 })).toBe('VALIDATION_FAILED');
  });

  it('shows a rotated page upright', async () => {
    const turned = await pdfOfPages([(p) => p.drawText('Sideways', { x: 300, y: 100, size: 30, rotate: degrees(90) })], 90);
    const [out] = await ws.run('n-up', [file('r.pdf', turned)], { pagesPerSheet: 2 });
    // A landscape page (as shown) fills a portrait sheet's upper half; its text reads left to right.
    expect((await pdfOf(out!)).getPage(0).getSize()).toEqual({ width: A4[0], height: A4[1] });
    expect(pdfText(out!.path)).toContain('Sideways');
  });
});

describe('crop', () => {
  it('sets CropBox and TrimBox from margins on the pages chosen; the content stays', async () => {
    const [out] = await ws.run('crop', [file('r.pdf', three)], { cropTo: 'margins', top: 10, right: 20, bottom: 30, left: 40, pages: '2' });
    checked(out!);
    const doc = await pdfOf(out!);
    const expected = box({ x: 40 * MM, y: 30 * MM, width: A4[0] - 60 * MM, height: A4[1] - 40 * MM });
    expect(box(doc.getPage(1).getCropBox())).toEqual(expected);
    expect(box(doc.getPage(1).getTrimBox())).toEqual(expected);
    expect(box(doc.getPage(0).getCropBox())).toEqual(box({ x: 0, y: 0, width: A4[0], height: A4[1] }));
    expect(pdfText(out!.path)).toContain('Page 2');
  });

  it('crops to a box measured from the top left, and to margins as the page is shown when it is rotated', async () => {
    const [boxed] = await ws.run('crop', [file('r.pdf', three)], { cropTo: 'box', x: 10, y: 20, width: 100, height: 50 });
    expect(box((await pdfOf(boxed!)).getPage(0).getCropBox())).toEqual(box({ x: 10 * MM, y: A4[1] - 70 * MM, width: 100 * MM, height: 50 * MM }));

    const turned = await pdfOfPages([() => {}], 90);
    const [out] = await ws.run('crop', [file('r.pdf', turned)], { cropTo: 'margins', top: 10 });
    // Shown turned clockwise, the page's top edge is its own left edge.
    expect(box((await pdfOf(out!)).getPage(0).getCropBox())).toEqual(box({ x: 10 * MM, y: 0, width: A4[0] - 10 * MM, height: A4[1] }));
  });

  it('auto-crops to the content with padding, and leaves an empty page alone', async () => {
    const input = await pdfOfPages([(p) => p.drawRectangle({ x: 200, y: 300, width: 100, height: 150, color: rgb(0, 0, 0) }), () => {}]);
    const [out] = await ws.run('crop', [file('r.pdf', input)], { cropTo: 'content', padding: 0 });
    checked(out!);
    const doc = await pdfOf(out!);
    const [x, y, width, height] = box(doc.getPage(0).getCropBox());
    const pixel = 72 / 25; // the content is found on a 25-dpi rendering
    for (const [got, want] of [[x, 200], [y, 300], [width, 100], [height, 150]] as const) expect(Math.abs(got! - want)).toBeLessThanOrEqual(2 * pixel);
    expect(box(doc.getPage(1).getCropBox())).toEqual(box({ x: 0, y: 0, width: A4[0], height: A4[1] }));
  });

  it('refuses margins that leave nothing', async () => {
    expect(await ws.fail('crop', [file('r.pdf', three)], { cropTo: 'margins', top: 150, bottom: 150 })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('crop', [file('r.pdf', three)], { cropTo: 'box', x: 500, y: 0, width: 10, height: 10 })).toBe('VALIDATION_FAILED');
    expect(await ws.fail('crop', [file('r.pdf', three)], { cropTo: 'margins', top: 1e6 })).toBe('VALIDATION_FAILED');
  });
});

describe('remove-blank-pages', () => {
  const blankish = [
    (p: ReturnType<PDFDocument['addPage']>) => p.drawText('First', { x: 72, y: 700, size: 24 }),
    () => {},
    // A speck of dust: still blank.
    (p: ReturnType<PDFDocument['addPage']>) => p.drawCircle({ x: 300, y: 400, size: 2, color: rgb(0.2, 0.2, 0.2) }),
    // A picture with no text: not blank.
    (p: ReturnType<PDFDocument['addPage']>) => p.drawRectangle({ x: 100, y: 100, width: 300, height: 400, color: rgb(0.3, 0.5, 0.7) }),
    // Text too faint to see still counts.
    (p: ReturnType<PDFDocument['addPage']>) => p.drawText('Last', { x: 72, y: 700, size: 24, color: rgb(0.99, 0.99, 0.99) }),
  ];

  it('removes pages with no text that are nearly all white, and says how many', async () => {
    const [out] = await ws.run('remove-blank-pages', [file('scan.pdf', await pdfOfPages(blankish))]);
    checked(out!);
    expect(out).toMatchObject({ filename: 'scan-no-blank-pages.pdf', pages: 3, notes: [{ code: 'PAGES_REMOVED', message: 'Removed 2 blank pages (pages 2 and 3).' }] });
    expect(pdfText(out!.path)).toMatch(/First[\s\S]*Last/);
  });

  it('keeps the speck at a threshold of 100 per cent', async () => {
    const [out] = await ws.run('remove-blank-pages', [file('scan.pdf', await pdfOfPages(blankish))], { threshold: 100 });
    expect(out).toMatchObject({ pages: 4, notes: [{ message: 'Removed 1 blank page (page 2).' }] });
  });

  it('refuses to remove every page', async () => {
    expect(await ws.fail('remove-blank-pages', [file('blank.pdf', await pdfOfPages([() => {}, () => {}]))])).toBe('EVERY_PAGE_BLANK');
    expect(await ws.fail('remove-blank-pages', [file('r.pdf', three)], { threshold: 50 })).toBe('VALIDATION_FAILED');
  });
});
