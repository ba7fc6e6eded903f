import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listZip, readZipText } from '../detect/zip.ts';
import { A4, textPdf } from '../test/fixtures.ts';
import { file, pdfOf, workspace, type Workspace } from '../test/harness.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await workspace();
});
afterAll(() => ws.dispose());

/** A page with a heading, two paragraphs and a three-column table. */
async function reportPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  page.drawText('Annual Report', { x: 72, y: 770, size: 28, font: bold });
  page.drawText('First paragraph about revenue growth in Sydney.', { x: 72, y: 720, size: 11, font });
  page.drawText('Second paragraph about staff in Melbourne.', { x: 72, y: 680, size: 11, font });
  const rows = [['Item', 'Qty', 'Price'], ['Widgets', '12', '1,250.50'], ['Gadgets', '3', '99.95'], ['Sprockets', '140', '7.25']];
  rows.forEach((row, r) => row.forEach((cell, c) => page.drawText(cell, { x: 72 + c * 180, y: 600 - r * 20, size: 11, font })));
  doc.addPage(A4).drawText('Second page text', { x: 72, y: 770, size: 12, font });
  return Buffer.from(await doc.save());
}

describe('image to PDF', () => {
  it('makes one page per image, in order, on the paper size asked', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const webp = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3c3' } }).webp().toBuffer();
    const gif = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#333' } }).gif().toBuffer();
    const tiff = await sharp({ create: { width: 500, height: 700, channels: 3, background: '#777' } }).greyscale().tiff().toBuffer();
    const [out] = await ws.run('image-to-pdf', [file('photo.jpg', jpeg), file('b.png', png), file('c.webp', webp), file('d.gif', gif), file('e.tiff', tiff)], { pageSize: 'A4', orientation: 'auto', margin: 10 });
    expect(out).toMatchObject({ filename: 'photo.pdf', pages: 5 });
    const sizes = (await pdfOf(out!)).getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
    expect(sizes).toEqual([[842, 595], [595, 842], [595, 842], [842, 595], [595, 842]]);
    // The JPEG went in untouched (passthrough), not re-encoded.
    expect((await readFile(out!.path)).includes(jpeg.subarray(0, 2000))).toBe(true);
  });

  it("'fit' sizes the page to the image at its resolution", async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#fff' } }).withMetadata({ density: 150 }).png().toBuffer();
    const [out] = await ws.run('image-to-pdf', [file('a.png', png)], { pageSize: 'fit', margin: 0 });
    const page = (await pdfOf(out!)).getPage(0);
    expect([Math.round(page.getWidth()), Math.round(page.getHeight())]).toEqual([288, 144]);
  });

  it("'cover' crops each image to fill the page inside the margin; 'contain' leaves bands", async () => {
    const wide = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#f00' } }).png().toBuffer();
    /** The colour of the page's pixel `at` pt in from its top-left corner (72 dpi: a pixel is a point). */
    const nearCorner = async (fit: string, at = 20) => {
      const [pdf] = await ws.run('image-to-pdf', [file('wide.png', wide)], { pageSize: 'A4', orientation: 'portrait', margin: 5, fit });
      const [png] = await ws.run('pdf-to-image', [file('page.pdf', await readFile(pdf!.path))], { format: 'png', dpi: 72 });
      const { data } = await sharp(png!.path).extract({ left: at, top: at, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    // 20 pt in is inside the 5 mm (14 pt) margin's area: above the contained image, on the cropped one.
    expect(await nearCorner('contain')).toEqual([255, 255, 255]);
    expect(await nearCorner('cover')).toEqual([255, 0, 0]);
    // The margin itself stays clear.
    expect(await nearCorner('cover', 5)).toEqual([255, 255, 255]);
  });

  it('refuses a file that is not an image whatever its name', async () => {
    expect(await ws.fail('image-to-pdf', [file('x.png', await textPdf(1))])).toBe('UNSUPPORTED_FILE_TYPE');
  });
});

describe('PDF to other formats', () => {
  it('renders pages to PNG and JPEG at the dpi asked', async () => {
    const pdf = await textPdf(3);
    const pngs = await ws.run('pdf-to-image', [file('r.pdf', pdf)], { format: 'png', dpi: 72, pages: '1,3' });
    expect(pngs.map((o) => [o.filename, o.contentType])).toEqual([['r-page-1.png', 'image/png'], ['r-page-3.png', 'image/png']]);
    expect(await sharp(pngs[0]!.path).metadata()).toMatchObject({ format: 'png', width: 596, height: 842 });
    const jpegs = await ws.run('pdf-to-image', [file('r.pdf', pdf)], { format: 'jpeg', dpi: 144 });
    expect(jpegs).toHaveLength(3);
    expect(await sharp(jpegs[2]!.path).metadata()).toMatchObject({ format: 'jpeg', width: 1191, height: 1684 });
  });

  it('extracts text', async () => {
    const [out] = await ws.run('pdf-to-text', [file('r.pdf', await textPdf(2, { words: (n) => `words on ${n}` }))]);
    expect(out).toMatchObject({ filename: 'r.txt', contentType: 'text/plain; charset=utf-8' });
    const text = await readFile(out!.path, 'utf8');
    expect(text.indexOf('words on 1')).toBeLessThan(text.indexOf('words on 2'));
  });

  it('writes Word with the text in reading order, as paragraphs', async () => {
    const [out] = await ws.run('pdf-to-word', [file('report.pdf', await reportPdf())]);
    expect(out).toMatchObject({ filename: 'report.docx' });
    const xml = (await readZipText(out!.path, 'word/document.xml', 10_000_000, 1000))!;
    const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => [...m[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
    const order = ['Annual Report', 'First paragraph about revenue growth in Sydney.', 'Second paragraph about staff in Melbourne.', 'Second page text'];
    const positions = order.map((text) => paragraphs.findIndex((p) => p.includes(text)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(xml).toContain('<w:b/>');
  });

  it('writes Excel: one sheet per page, table cells in columns, numbers as numbers', async () => {
    const [out] = await ws.run('pdf-to-excel', [file('report.pdf', await reportPdf())]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out!.path);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Page 1', 'Page 2']);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Item', 'Qty', 'Price']);
    expect(rows).toContainEqual(['Widgets', 12, 1250.5]);
    expect(rows).toContainEqual(['Sprockets', 140, 7.25]);
  });

  it('writes PowerPoint: one slide per page with its text editable, and in the notes', async () => {
    const [out] = await ws.run('pdf-to-powerpoint', [file('report.pdf', await reportPdf())]);
    const names = (await listZip(out!.path, 1000)).map((e) => e.name);
    expect(names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))).toHaveLength(2);
    expect(await readZipText(out!.path, 'ppt/slides/slide1.xml', 1_000_000, 1000)).toContain('Annual Report');
    const notes = (await readZipText(out!.path, 'ppt/notesSlides/notesSlide1.xml', 1_000_000, 1000))!;
    expect(notes).toContain('Annual Report');
  });
});
