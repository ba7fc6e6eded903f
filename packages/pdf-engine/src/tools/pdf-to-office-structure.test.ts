import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listZip, readZipText } from '../detect/zip.ts';
import { file, workspace, type Workspace } from '../test/harness.ts';
import { structureDocx, VARIANTS } from '../test/structure-set.ts';
import { scoreDocx, scoreSheetRows, scoreSlideXml, type Score } from '../test/structure-score.ts';

/** The structure set (both variants) through LibreOffice to PDF, then back to Word, Excel and PowerPoint. */
let ws: Workspace;
const pdfs: Buffer[] = [];
beforeAll(async () => {
  ws = await workspace();
  for (const variant of VARIANTS) {
    const [out] = await ws.run('office-to-pdf', [file('structure.docx', await structureDocx(variant))]);
    pdfs.push(await readFile(out!.path));
  }
}, 120_000);
afterAll(() => ws.dispose());

describe.each(VARIANTS.map((variant, i) => ({ ...variant, i })))('PDF to Word keeps the document ($font, justified: $justified)', ({ font, i }) => {
  let score: Score;
  beforeAll(async () => {
    const [out] = await ws.run('pdf-to-word', [file('structure.pdf', pdfs[i]!)]);
    score = await scoreDocx(out!.path, font);
  }, 60_000);

  it('keeps the reading order, column by column, and each paragraph whole', () => {
    expect(score['reading order']).toBe(1);
    expect(score.paragraphs).toBe(1);
    expect(score.columns).toBe(1);
  });

  it('gives headings their level by size, and lists are Word lists of the right kind', () => {
    expect(score.headings).toBe(1);
    expect(score.lists).toBe(1);
  });

  it('makes Word tables of the ruled and the unruled table, cell for cell', () => {
    expect(score['ruled table']).toBe(1);
    expect(score['unruled table']).toBe(1);
  });

  it('puts the image in place at its size, and keeps run styles, fonts, sizes and page breaks', () => {
    expect(score.image).toBe(1);
    expect(score['bold/italic/colour']).toBe(1);
    expect(score['fonts and sizes']).toBe(1);
    expect(score['page breaks']).toBe(1);
  });
});

it('PDF to Excel puts each table in cells, numbers as numbers in their format', async () => {
  const [out] = await ws.run('pdf-to-excel', [file('structure.pdf', pdfs[0]!)]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(out!.path);
  const rows: unknown[][] = [];
  const formats: Record<string, string> = {};
  for (const sheet of book.worksheets) {
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
      row.eachCell((cell) => cell.numFmt && (formats[String(cell.value)] = cell.numFmt));
    });
  }
  expect(scoreSheetRows(rows)).toBe(1);
  expect(formats['1234.56']).toBe('"$"#,##0.00');
  expect(formats['-340']).toBe('0.00;(0.00)');
  expect(formats['0.125']).toBe('0.0%');
});

it('PDF to PowerPoint has the text editable on the slides, over the page images', async () => {
  const [out] = await ws.run('pdf-to-powerpoint', [file('structure.pdf', pdfs[0]!)]);
  const entries = (await listZip(out!.path, 1000)).map((e) => e.name);
  const slides = entries.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  expect(slides).toHaveLength(3);
  expect(entries.filter((n) => /^ppt\/media\/.+\.png$/.test(n))).toHaveLength(1);
  const xml = (await Promise.all(slides.map((n) => readZipText(out!.path, n, 10_000_000, 1000)))).join('');
  expect(scoreSlideXml(xml)).toBe(1);
  // List markers stay with their items.
  expect(xml).toMatch(/<a:t>• <\/a:t>[\s\S]*?<a:t>Collect the invoices for each branch<\/a:t>/);
  expect(xml).toMatch(/<a:t>1\. <\/a:t>[\s\S]*?<a:t>Open the ledger for the quarter<\/a:t>/);
});

it('PDF to Word gives pages of another size their own section, at that size', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText('Portrait page', { x: 72, y: 760, size: 12, font });
  doc.addPage([841.89, 595.28]).drawText('Landscape page', { x: 72, y: 520, size: 12, font });
  doc.addPage([841.89, 595.28]).drawText('Landscape again', { x: 72, y: 520, size: 12, font });
  const [out] = await ws.run('pdf-to-word', [file('mixed.pdf', Buffer.from(await doc.save()))]);
  const xml = (await readZipText(out!.path, 'word/document.xml', 10_000_000, 1000))!;
  const sizes = [...xml.matchAll(/<w:pgSz w:w="(\d+)" w:h="(\d+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(sizes).toEqual([[11906, 16838], [16838, 11906]]);
  expect([...xml.matchAll(/<w:br w:type="page"\/>/g)]).toHaveLength(1);
});

it('PDF to Word starts a numbered list at its first number, and starts again after a break in the numbers', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  ['3. Third step', '4. Fourth step'].forEach((text, i) => page.drawText(text, { x: 72, y: 760 - i * 14, size: 11, font }));
  page.drawText('A paragraph between the lists.', { x: 72, y: 700, size: 11, font });
  ['1. Again from one', '2. And two'].forEach((text, i) => page.drawText(text, { x: 72, y: 670 - i * 14, size: 11, font }));
  const [out] = await ws.run('pdf-to-word', [file('steps.pdf', Buffer.from(await doc.save()))]);
  const numbering = (await readZipText(out!.path, 'word/numbering.xml', 10_000_000, 1000))!;
  const document = (await readZipText(out!.path, 'word/document.xml', 10_000_000, 1000))!;
  // numId -> its abstract numbering -> the first level's start.
  const abstractStart = new Map([...numbering.matchAll(/<w:abstractNum [^>]*w:abstractNumId="(\d+)"[\s\S]*?<w:start w:val="(\d+)"\/>/g)].map((m) => [m[1], Number(m[2])]));
  const startOf = new Map([...numbering.matchAll(/<w:num w:numId="(\d+)"[^>]*>\s*<w:abstractNumId w:val="(\d+)"\/>/g)].map((m) => [m[1], abstractStart.get(m[2]!)]));
  const numIds = [...document.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]!);
  expect(numIds.map((id) => startOf.get(id))).toEqual([3, 3, 1, 1]);
  expect(numIds[0]).toBe(numIds[1]);
  expect(numIds[2]).not.toBe(numIds[0]);
});
