import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import pptxgenModule from 'pptxgenjs';
import type { ToolContext, ToolOutput } from '../context.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { pdftotext } from '../process/commands.ts';
import { blockText, median, parseBboxLayout, type LayoutPage } from '../pdf/layout.ts';
import { preparePdf, type PreparedPdf } from '../pdf/prepare.ts';
import { renderPageFile, renderSize } from '../pdf/render.ts';
import { cellValue, pageToGrid } from '../pdf/table.ts';
import { openPrepared } from '../pdf/write.ts';
import { mapLimit } from '../util/map-limit.ts';
import type { Operation } from './operation.ts';

/**
 * PDF -> Office from poppler's text and layout, written by docx / exceljs / pptxgenjs.
 * (LibreOffice opens PDFs in Draw, which makes poor Word files.)
 */

const TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
};

/** Most text a layout file may have; pdftotext output is roughly 10x the text. */
const MAX_LAYOUT_BYTES = 256 * 1024 * 1024;

async function layoutOf(ctx: ToolContext, pdf: PreparedPdf): Promise<LayoutPage[]> {
  const path = join(ctx.dir, `layout-${randomUUID()}.html`);
  const result = await ctx.run(pdftotext(pdf.path, path, 'bbox'));
  try {
    if (result.exitCode !== 0) throw new EngineError('PDF_CORRUPT', 'The text of this PDF could not be read.');
    if ((await stat(path)).size > MAX_LAYOUT_BYTES) throw new EngineError('LIMIT_EXCEEDED', 'The PDF has more text than can be converted.', { limit: 'text' });
    return parseBboxLayout(await readFile(path, 'utf8'));
  } finally {
    await rm(path, { force: true });
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

/** One section per page (same paper size); one paragraph per block; larger text than the body is bold. */
export const pdfToWord: Operation<'pdf-to-word'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const pages = await layoutOf(ctx, pdf);
  ctx.progress(0.5);
  const body = median(pages.flatMap((p) => p.blocks.flatMap((b) => b.lines.map((l) => l.yMax - l.yMin)))) || 12;
  const twips = (points: number) => Math.round(points * 20);
  const doc = new Document({
    creator: 'Wattle PDF',
    sections: pages.map((page) => ({
      properties: { page: { size: { width: twips(page.width), height: twips(page.height) }, margin: { top: 720, bottom: 720, left: 720, right: 720 } } },
      children: page.blocks.length
        ? page.blocks.map((block) => {
            const lineHeight = median(block.lines.map((l) => l.yMax - l.yMin));
            const size = Math.min(72, Math.max(6, Math.round(lineHeight * 0.85)));
            return new Paragraph({
              spacing: { after: 120 },
              children: [new TextRun({ text: blockText(block), size: size * 2, bold: lineHeight > body * 1.3 })],
            });
          })
        : [new Paragraph({ children: [] })],
    })),
  });
  return [await written(ctx, pdf, 'docx', await Packer.toBuffer(doc))];
};

export const pdfToExcel: Operation<'pdf-to-excel'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const pages = await layoutOf(ctx, pdf);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Wattle PDF';
  for (const [i, page] of pages.entries()) {
    const sheet = workbook.addWorksheet(`Page ${i + 1}`);
    const grid = pageToGrid(page);
    for (const [r, row] of grid.entries()) {
      for (const [c, text] of row.entries()) if (text) sheet.getCell(r + 1, c + 1).value = cellValue(text);
    }
    for (const column of sheet.columns ?? []) {
      let widest = 8;
      column.eachCell?.({ includeEmpty: false }, (cell) => (widest = Math.max(widest, String(cell.value ?? '').length)));
      column.width = Math.min(60, widest + 2);
    }
    ctx.progress((i + 1) / pages.length);
  }
  return [await written(ctx, pdf, 'xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()))];
};

// The package's types describe a CommonJS default export; loaded as ESM the default is the class itself.
type PptxClass = typeof pptxgenModule extends { default: infer C } ? C : typeof pptxgenModule;
const PptxGenJS = ((pptxgenModule as { default?: unknown }).default ?? pptxgenModule) as PptxClass;

const SLIDE_DPI = 110;

/** One slide per page: the rendered page as the picture, its text in the speaker notes (searchable, copyable). */
export const pdfToPowerpoint: Operation<'pdf-to-powerpoint'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  for (let i = 0; i < pdf.pages; i++) renderSize(ctx, doc, i, SLIDE_DPI);
  const pages = await layoutOf(ctx, pdf);
  const first = doc.getPage(0).getSize();
  const pptx = new PptxGenJS();
  pptx.defineLayout({ name: 'PDF', width: first.width / 72, height: first.height / 72 });
  pptx.layout = 'PDF';
  let done = 0;
  const images = await mapLimit(pages, ctx.limits.parallelism, async (_page, i) => {
    const file = await renderPageFile(ctx, pdf.path, i + 1, SLIDE_DPI, 'jpeg');
    try {
      return (await readFile(file)).toString('base64');
    } finally {
      await rm(file, { force: true });
      ctx.progress((++done / pages.length) * 0.9);
    }
  });
  for (const [i, page] of pages.entries()) {
    const slide = pptx.addSlide();
    // Fit the page inside the slide, keeping its shape (pages may differ from the first).
    const scale = Math.min(first.width / page.width, first.height / page.height) / 72;
    const [w, h] = [page.width * scale, page.height * scale];
    slide.addImage({ data: `image/jpeg;base64,${images[i]}`, x: (first.width / 72 - w) / 2, y: (first.height / 72 - h) / 2, w, h });
    slide.addNotes(page.blocks.map(blockText).join('\n\n'));
  }
  const bytes = (await pptx.write({ outputType: 'nodebuffer' })) as Uint8Array;
  return [await written(ctx, pdf, 'pptx', bytes)];
};
