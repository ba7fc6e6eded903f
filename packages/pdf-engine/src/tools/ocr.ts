import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
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
import { parsePnm } from '../util/ppm.ts';
import type { Operation } from './operation.ts';

const OCR_DPI = 300;
/** Below this tesseract's accuracy falls off; a page that needs less to fit the pixel budget is refused. */
const MIN_OCR_DPI = 150;

/**
 * Each page is rendered (grey, 300 dpi) and read by its own tesseract process (OMP_THREAD_LIMIT=1,
 * as many at once as cores; a page of a shorter job in strips), which writes a text-only PDF page. That invisible text is laid over
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
  // Fewer pages than cores: each page is read in strips, one per core, so a 1-page job costs what a page of a long one does.
  const strips = Math.max(1, Math.floor(ctx.limits.parallelism / pdf.pages));
  let done = 0;
  const pages = await mapLimit(dpis, ctx.limits.parallelism, async (dpi, i) => {
    const layers = await recognise(ctx, pdf.path, i + 1, dpi, options.language, strips);
    ctx.progress((++done / pdf.pages) * 0.9);
    return layers;
  });
  for (const [i, layers] of pages.entries()) {
    const page = doc.getPage(i);
    const box = displayBox(page);
    for (const layer of layers) {
      const [embedded] = await doc.embedPdf(layer.doc, [0]);
      const origin = box.toPage(0, box.height * (1 - layer.to));
      page.drawPage(embedded!, { x: origin.x, y: origin.y, width: box.width, height: box.height * (layer.to - layer.from), rotate: degrees(box.rotation) });
    }
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

/** tesseract's invisible text for part of a page: rows `from` to `to` of it, as fractions from the top. */
interface Layer {
  doc: PDFDocument;
  from: number;
  to: number;
}

async function recognise(ctx: ToolContext, pdfPath: string, page: number, dpi: number, language: string, strips: number): Promise<Layer[]> {
  const image = await renderPageFile(ctx, pdfPath, page, dpi, 'gray');
  let parts = [{ path: image, from: 0, to: 1 }];
  try {
    if (strips > 1) parts = await splitPage(image, strips);
    // mapLimit waits for every strip to settle: on abort, no tesseract outlives the job.
    return await mapLimit(parts, parts.length, async ({ path, from, to }) => ({ doc: await textLayer(ctx, path, page, dpi, language), from, to }));
  } finally {
    await Promise.all([...new Set([image, ...parts.map(({ path }) => path)])].map((path) => rm(path, { force: true })));
  }
}

async function textLayer(ctx: ToolContext, image: string, page: number, dpi: number, language: string): Promise<PDFDocument> {
  const base = join(ctx.dir, `ocr-${randomUUID()}`);
  try {
    const result = await ctx.run(tesseractTextLayer(image, base, language, dpi));
    if (result.exitCode !== 0) throw new EngineError('PDF_CORRUPT', 'The text on a page could not be read.', { page });
    return await loadPdf(await readFile(`${base}.pdf`));
  } finally {
    await rm(`${base}.pdf`, { force: true });
  }
}

/**
 * A rendered page (PGM) cut into `count` strips across blank bands between lines of text, written
 * beside it; the whole page when no blank band lies near where a cut should go (a photo, dense print).
 */
async function splitPage(path: string, count: number): Promise<{ path: string; from: number; to: number }[]> {
  const { data, width, height } = parsePnm(await readFile(path));
  const cuts: number[] = [];
  for (let k = 1; k < count; k++) {
    const cut = blankBandNear(data, width, Math.round((height * k) / count), Math.round(height / (4 * count)));
    if (cut === undefined) return [{ path, from: 0, to: 1 }];
    cuts.push(cut);
  }
  const bounds = [0, ...cuts, height];
  return Promise.all(
    bounds.slice(1).map(async (end, i) => {
      const start = bounds[i]!;
      const strip = `${path}-${i}.pgm`;
      await writeFile(strip, Buffer.concat([Buffer.from(`P5\n${width} ${end - start}\n255\n`), data.subarray(start * width, end * width)]));
      return { path: strip, from: start / height, to: end / height };
    }),
  );
}

/** The middle of the run of rows without ink (scanner speckle aside) closest to row `ideal`, within `reach` rows of it. */
function blankBandNear(grey: Buffer, width: number, ideal: number, reach: number): number | undefined {
  const blank = (row: number) => {
    let ink = 0;
    for (let i = row * width, end = i + width; i < end; i++) if (grey[i]! < 128) ink++;
    return ink <= width / 500;
  };
  let best: number | undefined;
  for (let row = ideal - reach, run = 0; row <= ideal + reach; row++) {
    run = blank(row) ? run + 1 : 0;
    const middle = row - Math.floor(run / 2);
    // A band at least 8 rows tall, so no line of text is cut through its descenders.
    if (run >= 8 && (best === undefined || Math.abs(middle - ideal) < Math.abs(best - ideal))) best = middle;
  }
  return best;
}
