import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import type { ToolContext, ToolNote } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { tesseractTextLayer } from '../process/commands.ts';
import { ContentNotUnderstood } from '../pdf/content-ops.ts';
import { displayBox, type DisplayBox } from '../pdf/geometry.ts';
import { loadPdf } from '../pdf/load.ts';
import { pdfaNotKept } from '../pdf/conformance.ts';
import type { Area } from '../pdf/matrix.ts';
import { pageText, removePageText, type PageText } from '../pdf/page-text.ts';
import { preparePdf, type PreparedPdf } from '../pdf/prepare.ts';
import { renderPageFile } from '../pdf/render.ts';
import { openPrepared, writePdf } from '../pdf/write.ts';
import { mapLimit } from '../util/map-limit.ts';
import { parsePnm } from '../util/ppm.ts';
import type { Operation } from './operation.ts';

const OCR_DPI = 300;
/** Below this tesseract's accuracy falls off; a page that needs less to fit the pixel budget is refused. */
const MIN_OCR_DPI = 150;

/** Images smaller than this (points, either side) hold no text worth reading: bullets, rules, logos' dots. */
const MIN_IMAGE = 24;

/** What a page needs: read whole (no text yet), only its images (it has typed text too), or nothing. */
type Reading = { kind: 'whole' } | { kind: 'images'; areas: Area[] } | { kind: 'left' };

/**
 * Each page that needs it is rendered (grey, 300 dpi) and read by its own tesseract process (OMP_THREAD_LIMIT=1,
 * as many at once as cores; a page of a shorter job in strips), which writes a text-only PDF page. That invisible text is laid over
 * the original page, so the page images and everything else stay exactly as they were. Text already
 * on a page is never read again (decision 133): a page with an earlier OCR layer is left as it was
 * unless every page is asked for, and then that layer is taken out first; a page with typed text has
 * only its images read, rendered without the text and with everything outside the images blanked.
 */
export const ocr: Operation<'ocr'> = async ([input], options, ctx) => {
  const engines = await detectEngines();
  if (!engines.tesseract.languages.includes(options.language)) {
    throw new EngineError('ENGINE_UNAVAILABLE', 'This OCR language is not installed.', { missing: [options.language] });
  }
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const readings = doc.getPageIndices().map((i) => readingOf(doc, i, options.everyPage));
  const wanted = doc.getPageIndices().filter((i) => readings[i]!.kind !== 'left');
  const imagesOnly = await withoutText(ctx, pdf, readings);
  let recognised: number;
  try {
    recognised = await overlayText(ctx, doc, pdf.path, imagesOnly, readings, wanted, options.language);
  } finally {
    if (imagesOnly) await rm(imagesOnly, { force: true });
  }
  const notes: ToolNote[] = [{ code: 'PAGES_RECOGNISED', message: recognisedMessage(recognised, pdf.pages - wanted.length, pdf.pages) }];
  // tesseract's text layer has not been checked against PDF/A, so the claim is not carried over as if it had.
  if (recognised > 0 || options.everyPage) notes.push(...pdfaNotKept([pdf.profile], 'the added text layer has not been checked for PDF/A'));
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'ocr', 'pdf'), pdf.pages, notes)];
};

/** Reads the wanted pages and lays the invisible text found over each; returns how many pages had any. */
async function overlayText(ctx: ToolContext, doc: PDFDocument, path: string, imagesOnly: string | undefined, readings: readonly Reading[], wanted: readonly number[], language: string): Promise<number> {
  const dpis = new Map(wanted.map((i) => [i, pageDpi(ctx, doc, i)]));
  // Fewer pages than cores: each page is read in strips, one per core, so a 1-page job costs what a page of a long one does.
  const strips = Math.max(1, Math.floor(ctx.limits.parallelism / Math.max(1, wanted.length)));
  let done = 0;
  const pages = await mapLimit(wanted, ctx.limits.parallelism, async (i) => {
    const reading = readings[i]!;
    const areas = reading.kind === 'images' ? { areas: reading.areas, box: displayBox(doc.getPage(i)) } : undefined;
    const layers = await recognise(ctx, areas ? imagesOnly! : path, i + 1, dpis.get(i)!, language, strips, areas);
    ctx.progress((++done / wanted.length) * 0.9);
    return { i, layers };
  });
  let recognised = 0;
  for (const { i, layers } of pages) {
    const page = doc.getPage(i);
    const box = displayBox(page);
    // A part where tesseract found nothing adds nothing; a page counts as recognised when some part found words.
    const found = layers.filter((layer) => pageText(layer.doc, 0).invisibleText);
    if (found.length > 0) recognised++;
    for (const layer of found) {
      const [embedded] = await doc.embedPdf(layer.doc, [0]);
      const origin = box.toPage(0, box.height * (1 - layer.to));
      page.drawPage(embedded!, { x: origin.x, y: origin.y, width: box.width, height: box.height * (layer.to - layer.from), rotate: degrees(box.rotation) });
    }
  }
  return recognised;
}

function readingOf(doc: PDFDocument, index: number, everyPage: boolean): Reading {
  let text: PageText;
  try {
    text = pageText(doc, index);
    // The new layer replaces the old one: two would give every word twice.
    if (everyPage && text.invisibleText) removePageText(doc, index, 'invisible');
  } catch (error) {
    // A page whose content cannot be read may already have text: reading it could double every word.
    if (error instanceof ContentNotUnderstood) return { kind: 'left' };
    throw error;
  }
  if (text.invisibleText && !everyPage) return { kind: 'left' };
  if (!text.visibleText) return { kind: 'whole' };
  const areas = text.images.filter((a) => a.x1 - a.x0 >= MIN_IMAGE && a.y1 - a.y0 >= MIN_IMAGE);
  return areas.length > 0 ? { kind: 'images', areas } : { kind: 'left' };
}

/** A copy of the PDF whose pages that have their images read show no text, so typed words are not read again; undefined when there are none. */
async function withoutText(ctx: ToolContext, pdf: PreparedPdf, readings: readonly Reading[]): Promise<string | undefined> {
  if (!readings.some((r) => r.kind === 'images')) return undefined;
  const copy = await openPrepared(pdf);
  for (const [i, reading] of readings.entries()) if (reading.kind === 'images') removePageText(copy, i, 'all');
  const path = join(ctx.dir, `ocr-images-${randomUUID()}.pdf`);
  await writeFile(path, await copy.save({ useObjectStreams: false }));
  return path;
}

export function recognisedMessage(recognised: number, left: number, total: number): string {
  const pages = (n: number) => `${n} page${n === 1 ? '' : 's'}`;
  const rest = left === 0 ? '' : ` ${pages(left)} already had text and ${left === 1 ? 'was left as it was' : 'were left as they were'}.`;
  return `Recognised text on ${recognised} of ${pages(total)}.${rest}`;
}

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

async function recognise(
  ctx: ToolContext,
  pdfPath: string,
  page: number,
  dpi: number,
  language: string,
  strips: number,
  only?: { areas: readonly Area[]; box: DisplayBox },
): Promise<Layer[]> {
  const image = await renderPageFile(ctx, pdfPath, page, dpi, 'gray');
  let parts = [{ path: image, from: 0, to: 1 }];
  try {
    if (only) await blankOutside(image, only.areas, only.box, dpi);
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

/** Whites out a rendered page (PGM) everywhere but the given page-space areas. */
async function blankOutside(path: string, areas: readonly Area[], box: DisplayBox, dpi: number): Promise<void> {
  const file = await readFile(path);
  const { data, width, height } = parsePnm(file);
  const keep = new Uint8Array(width * height);
  const scale = dpi / 72;
  for (const area of areas) {
    const corners = [box.fromPage(area.x0, area.y0), box.fromPage(area.x1, area.y1)];
    const [left, right] = [Math.min(...corners.map((c) => c.x)), Math.max(...corners.map((c) => c.x))].map((x) => Math.max(0, Math.min(width, Math.round(x * scale))));
    const [top, bottom] = [Math.max(...corners.map((c) => c.y)), Math.min(...corners.map((c) => c.y))].map((y) => Math.max(0, Math.min(height, Math.round((box.height - y) * scale))));
    for (let row = top!; row < bottom!; row++) keep.fill(1, row * width + left!, row * width + right!);
  }
  for (let i = 0; i < keep.length; i++) if (!keep[i]) data[i] = 255;
  await writeFile(path, file);
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
