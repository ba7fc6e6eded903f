import { readFile, writeFile } from 'node:fs/promises';
import type { ToolContext, ToolOutput } from '../context.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { pdftotext } from '../process/commands.ts';
import { documentLayout, type DocumentLayout } from '../pdf/layout-analysis/document.ts';
import { styledRuns, type Line } from '../pdf/layout-analysis/lines.ts';
import { openPdf } from '../pdf/layout-analysis/page-content.ts';
import { preparePdf, type PreparedPdf } from '../pdf/prepare.ts';
import { cellValue } from '../pdf/table.ts';
import type { Operation } from './operation.ts';

/**
 * PDF -> Office from the page's own drawing (pdfjs-dist's operator list, see pdf/layout-analysis),
 * written by docx / exceljs / pptxgenjs, each loaded on first use. (LibreOffice opens PDFs in Draw, which
 * makes poor Word files.)
 */

const TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
};

/** Most glyphs a document may have for the conversion (pdfjs holds them all in memory). */
const MAX_GLYPHS = 3_000_000;

async function layoutOf(ctx: ToolContext, pdf: PreparedPdf, share: number): Promise<DocumentLayout> {
  let doc;
  try {
    doc = await openPdf(new Uint8Array(await readFile(pdf.path)), ctx.limits.maxPixels);
  } catch {
    throw new EngineError('PDF_CORRUPT', 'The text of this PDF could not be read.');
  }
  try {
    return await documentLayout(doc, MAX_GLYPHS, (done) => ctx.progress((done / pdf.pages) * share));
  } finally {
    await doc.destroy();
  }
}

async function written(ctx: ToolContext, pdf: PreparedPdf, ext: keyof typeof TYPES, bytes: Uint8Array): Promise<ToolOutput> {
  const target = ctx.output(outputFilename(pdf.filename, undefined, ext));
  await writeFile(target.path, bytes);
  return { path: target.path, filename: target.filename, contentType: TYPES[ext] };
}

export const pdfToText: Operation<'pdf-to-text'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const target = ctx.output(outputFilename(pdf.filename, undefined, 'txt'));
  const result = await ctx.run(pdftotext(pdf.path, target.path, options.layout ? 'layout' : 'reading'));
  if (result.exitCode !== 0) throw new EngineError('PDF_CORRUPT', 'The text of this PDF could not be read.');
  return [{ path: target.path, filename: target.filename, contentType: TYPES.txt }];
};

/** Reading order, paragraphs, headings, lists, tables, images, run styles and page breaks: see to-docx. */
export const pdfToWord: Operation<'pdf-to-word'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const layout = await layoutOf(ctx, pdf, 0.8);
  const { layoutToDocx } = await import('../pdf/layout-analysis/to-docx.ts');
  return [await written(ctx, pdf, 'docx', await layoutToDocx(layout))];
};

/** One sheet per page: each table in cells (numbers as numbers, in their en-AU format), other text in column A. */
export const pdfToExcel: Operation<'pdf-to-excel'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const layout = await layoutOf(ctx, pdf, 0.8);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Wattle PDF';
  for (const [i, page] of layout.pages.entries()) {
    const sheet = workbook.addWorksheet(`Page ${i + 1}`);
    let row = 1;
    for (const block of page.blocks) {
      if (block.kind === 'paragraph') {
        const cell = sheet.getCell(row++, 1);
        cell.value = `${block.marker ? `${block.marker} ` : ''}${styledRuns(block.lines).map((r) => r.text).join('')}`;
        if (layout.headingLevel.has(block)) cell.font = { bold: true };
      } else if (block.kind === 'table') {
        for (const cells of block.table.cells) {
          for (const [c, lines] of cells.entries()) {
            const text = styledRuns(lines).map((r) => r.text).join('');
            if (!text) continue;
            const { value, format } = cellValue(text);
            const cell = sheet.getCell(row, c + 1);
            cell.value = value;
            if (format) cell.numFmt = format;
            if (lines[0]?.words.every((w) => w.style.bold)) cell.font = { bold: true };
          }
          row++;
        }
        row++;
      }
    }
    for (const column of sheet.columns ?? []) {
      let widest = 8;
      column.eachCell?.({ includeEmpty: false }, (cell) => (widest = Math.max(widest, String(cell.value ?? '').length)));
      column.width = Math.min(60, widest + 2);
    }
  }
  return [await written(ctx, pdf, 'xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()))];
};

const inches = (points: number) => points / 72;

/**
 * One slide per page: the page's images and ruled lines where they stood, and its text as editable
 * text boxes over them (one a paragraph, its lines kept, so nothing re-wraps); the text also in the notes.
 */
export const pdfToPowerpoint: Operation<'pdf-to-powerpoint'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const layout = await layoutOf(ctx, pdf, 0.7);
  const first = layout.pages[0] ?? { width: 595.28, height: 841.89 };
  const { default: PptxGenJS } = await import('pptxgenjs');
  const pptx = new PptxGenJS();
  pptx.defineLayout({ name: 'PDF', width: inches(first.width), height: inches(first.height) });
  pptx.layout = 'PDF';
  for (const [i, page] of layout.pages.entries()) {
    const slide = pptx.addSlide();
    // Pages of another size are fitted inside the slide, keeping their shape.
    const scale = Math.min(first.width / page.width, first.height / page.height);
    const [dx, dy] = [(first.width - page.width * scale) / 2, (first.height - page.height * scale) / 2];
    const at = (x0: number, top: number, x1: number, bottom: number) => ({ x: inches(dx + x0 * scale), y: inches(dy + top * scale), w: inches((x1 - x0) * scale), h: inches((bottom - top) * scale) });
    const textBox = (lines: Line[], marker?: string) => {
      if (lines.length === 0) return;
      const runs = lines.flatMap((line, l) => styledRuns([line]).map((r, k, all) => ({ text: r.text, options: { fontFace: r.style.font, fontSize: r.style.size * scale, bold: r.style.bold, italic: r.style.italic, color: r.style.colour, breakLine: k === all.length - 1 && l < lines.length - 1 } })));
      // A list marker goes first, in its item's style.
      if (marker) runs.unshift({ text: `${marker} `, options: { ...runs[0]!.options, breakLine: false } });
      const box = at(Math.min(...lines.map((l) => l.x0)), Math.min(...lines.map((l) => l.top)), Math.max(...lines.map((l) => l.x1)), Math.max(...lines.map((l) => l.bottom)));
      slide.addText(runs, { ...box, w: box.w * 1.05 + 0.05, margin: 0, valign: 'top', wrap: false, fit: 'none' });
    };
    for (const block of page.blocks) {
      if (block.kind === 'image') {
        const png = block.image.png;
        if (png) slide.addImage({ data: `image/png;base64,${png.toString('base64')}`, ...at(block.image.x0, block.image.top, block.image.x1, block.image.bottom) });
      }
    }
    for (const rule of page.rules) slide.addShape(pptx.ShapeType.line, { ...at(rule.x0, rule.y0, rule.x1, rule.y1), line: { color: '000000', width: 0.75 } });
    for (const block of page.blocks) {
      if (block.kind === 'paragraph') textBox(block.lines, block.marker);
      else if (block.kind === 'table') for (const cell of block.table.cells.flat()) textBox(cell);
    }
    slide.addNotes(page.blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.lines] : b.kind === 'table' ? b.table.cells.flat() : [])).map((lines) => styledRuns(lines).map((r) => r.text).join('')).join('\n\n'));
    ctx.progress(0.7 + ((i + 1) / layout.pages.length) * 0.3);
  }
  const bytes = (await pptx.write({ outputType: 'nodebuffer' })) as Uint8Array;
  return [await written(ctx, pdf, 'pptx', bytes)];
};
