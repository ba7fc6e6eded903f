import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { tesseractTextLayer } from '../process/commands.ts';
import { displayBox } from '../pdf/geometry.ts';
import { loadPdf } from '../pdf/load.ts';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { renderPageFile } from '../pdf/render.ts';
import { openPrepared, writePdf } from '../pdf/write.ts';
import { mapLimit } from '../util/map-limit.ts';
import type { Operation } from './operation.ts';

const OCR_DPI = 300;
/** Below this tesseract's accuracy falls off; a page that needs less to fit the pixel budget is refused. */
const MIN_OCR_DPI = 150;

/**
 * Each page is rendered (grey, 300 dpi) and read by its own tesseract process (OMP_THREAD_LIMIT=1,
 * as many at once as cores), which writes a text-only PDF page. That invisible text is laid over
 * the original page, so the page images and everything else stay exactly as they were.
 */
export const ocr: Operation<'ocr'> = async ([input], options, ctx) => {
  const engines = await detectEngines();
  if (!engines.tesseract.languages.includes(options.language)) {
    throw new EngineError('ENGINE_UNAVAILABLE', 'This OCR language is not installed.', { missing: [options.language] });
  }
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const dpis = doc.getPages().map((_, i) => pageDpi(ctx, doc, i));
  let done = 0;
  const layers = await mapLimit(dpis, ctx.limits.parallelism, async (dpi, i) => {
    const layer = await recognise(ctx, pdf.path, i + 1, dpi, options.language);
    ctx.progress((++done / pdf.pages) * 0.9);
    return layer;
  });
  for (const [i, layer] of layers.entries()) {
    const page = doc.getPage(i);
    const [embedded] = await doc.embedPdf(layer, [0]);
    const box = displayBox(page);
    const origin = box.toPage(0, 0);
    page.drawPage(embedded!, { x: origin.x, y: origin.y, width: box.width, height: box.height, rotate: degrees(box.rotation) });
  }
  // tesseract's text layer has not been checked against PDF/A, so the claim is not carried over as if it had.
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'ocr', 'pdf'), pdf.pages, pdfaNotKept([pdf.profile], 'the added text layer has not been checked for PDF/A'))];
};

function pageDpi(ctx: ToolContext, doc: PDFDocument, index: number): number {
  const box = displayBox(doc.getPage(index));
  const squareInches = (box.width / 72) * (box.height / 72);
  const dpi = Math.min(OCR_DPI, Math.floor(Math.sqrt(ctx.limits.maxPixels / squareInches)));
  if (dpi < MIN_OCR_DPI) throw new EngineError('LIMIT_EXCEEDED', 'A page is too large to read.', { limit: 'maxPixels', page: index + 1 });
  return dpi;
}

async function recognise(ctx: ToolContext, pdfPath: string, page: number, dpi: number, language: string): Promise<PDFDocument> {
  const image = await renderPageFile(ctx, pdfPath, page, dpi, 'gray');
  const base = join(ctx.dir, `ocr-${randomUUID()}`);
  try {
    const result = await ctx.run(tesseractTextLayer(image, base, language, dpi));
    if (result.exitCode !== 0) throw new EngineError('PDF_CORRUPT', 'The text on a page could not be read.', { page });
    return await loadPdf(await readFile(`${base}.pdf`));
  } finally {
    await rm(image, { force: true });
    await rm(`${base}.pdf`, { force: true });
  }
}
