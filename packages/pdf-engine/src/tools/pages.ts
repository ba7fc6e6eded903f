import { mkdtemp, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { countPagesInRanges, expandPageRanges, type PageRange } from '@wattle/shared';
import type { Operation } from './operation.ts';
import type { ToolContext, ToolInput, ToolNote } from '../context.ts';
import { EngineError } from '../errors.ts';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { preparePdf, preparePdfInProcess, type PreparedPdf } from '../pdf/prepare.ts';
import { qpdfMerge, qpdfSelect, qpdfSplit, qpdfSucceeded } from '../pdf/qpdf.ts';
import { countWrittenPages } from '../pdf/verify.ts';
import { composePdf, openPrepared, PDF_TYPE, pageRangesFor, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import type { CommandResult } from '../process/run-command.ts';
import { mapLimit } from '../util/map-limit.ts';

/** Page-level tools: merge and split with qpdf, the others in-process with pdf-lib. */

/** Pages copied into a new document leave the catalog (XMP, output intents) behind; removing pages in place keeps it. */
const copied = (...inputs: PreparedPdf[]) => pdfaNotKept(inputs.map((p) => p.profile), 'the pages were copied into a new document without the PDF/A metadata');

/**
 * One qpdf run over every file (0.3 s for 50 files where copying pages with pdf-lib took 1.9 s), the
 * files checked and counted in-process meanwhile: without rotations qpdf needs no page counts, so it
 * merges on the other core and is stopped if a check refuses a file. When qpdf's result disagrees with
 * those counts (a damaged file), every file is prepared the careful way and merged again.
 */
export const merge: Operation<'merge'> = async (inputs, options, ctx) => {
  const rotations = options.rotations ?? [];
  if (rotations.length > inputs.length) {
    const message = 'Give at most one rotation for each file.';
    throw new EngineError('VALIDATION_FAILED', message, { field: 'rotations', message });
  }
  const target = ctx.output(outputFilename(inputs[0]!.filename, 'merged', 'pdf'));
  const early = rotations.some((angle) => angle) ? undefined : ctx.start(qpdfMerge(inputs.map((input) => input.path), [], target.path));
  let counted: PreparedPdf[];
  try {
    counted = await mapLimit(inputs, ctx.limits.parallelism, (input) => preparePdfInProcess(ctx, input));
    checkTotalPages(ctx, counted);
  } catch (err) {
    await early?.stop();
    throw err;
  }
  ctx.progress(0.3);
  let pdfs = counted;
  if (!(await mergedEveryPage(ctx, early?.result ?? mergeWithQpdf(ctx, counted, rotations, target.path), counted, target.path))) {
    pdfs = await mapLimit(inputs, ctx.limits.parallelism, (input) => preparePdf(ctx, input));
    checkTotalPages(ctx, pdfs);
    if (!(await mergedEveryPage(ctx, mergeWithQpdf(ctx, pdfs, rotations, target.path), pdfs, target.path))) throw new EngineError('PDF_CORRUPT', 'These PDFs could not be merged.');
  }
  const pages = totalPages(pdfs);
  return [{ path: target.path, filename: target.filename, contentType: PDF_TYPE, pages, ...notesOf(copied(...pdfs)) }];
};

/** Part files read or moved at once (file system work, not the cores). */
const FILES_AT_ONCE = 16;

const totalPages = (pdfs: readonly PreparedPdf[]) => pdfs.reduce((sum, pdf) => sum + pdf.pages, 0);
const notesOf = (notes: ToolNote[]) => (notes.length > 0 ? { notes } : {});

function checkTotalPages(ctx: ToolContext, pdfs: readonly PreparedPdf[]): void {
  const total = totalPages(pdfs);
  if (total > ctx.limits.maxPages) throw new EngineError('LIMIT_EXCEEDED', 'The result would have too many pages.', { limit: 'maxPages', pages: total });
}

/** qpdf with each file's rotation turned into ranges of the result's pages. */
function mergeWithQpdf(ctx: ToolContext, pdfs: readonly PreparedPdf[], rotations: readonly number[], output: string): Promise<CommandResult> {
  let first = 1;
  const turns = pdfs.flatMap((pdf, i) => {
    const range = { pages: `${first}-${first + pdf.pages - 1}`, angle: rotations[i] ?? 0 };
    first += pdf.pages;
    return range.angle === 0 ? [] : [range];
  });
  return ctx.run(qpdfMerge(pdfs.map((pdf) => pdf.path), turns, output));
}

/** True when qpdf wrote every page of every file. */
async function mergedEveryPage(ctx: ToolContext, run: Promise<CommandResult>, pdfs: readonly PreparedPdf[], output: string): Promise<boolean> {
  return qpdfSucceeded(await run) && (await countWrittenPages(ctx, output)) === totalPages(pdfs);
}

/**
 * qpdf writes each part with only the objects its pages use (one run for "every N pages", one per
 * range otherwise), into the job dir; the parts become outputs only when every count is right.
 */
export const split: Operation<'split'> = async ([input], options, ctx) => {
  const every = options.mode === 'every' ? options.every : undefined;
  const attempt = async (pdf: PreparedPdf) => {
    const ranges =
      every === undefined
        ? pageRangesFor('ranges', options.mode === 'ranges' ? options.ranges : '', pdf.pages)
        : Array.from({ length: Math.ceil(pdf.pages / every) }, (_, i) => ({ start: i * every + 1, end: Math.min(pdf.pages, (i + 1) * every) }));
    const parts = await splitWithQpdf(ctx, pdf, ranges, every);
    return parts && { pdf, ranges, parts };
  };
  const { pdf, ranges, parts } = await withCarefulRetry(ctx, input!, attempt);
  const notes = notesOf(copied(pdf));
  const targets = ranges.map((range) => ctx.output(outputFilename(pdf.filename, `pages-${range.start === range.end ? range.start : `${range.start}-${range.end}`}`, 'pdf')));
  await mapLimit(targets, FILES_AT_ONCE, (target, i) => rename(parts[i]!, target.path));
  return targets.map((target, i) => ({ path: target.path, filename: target.filename, contentType: PDF_TYPE, pages: ranges[i]!.end - ranges[i]!.start + 1, ...notes }));
};

/** The parts' paths in range order, or undefined when qpdf failed or a part's page count is wrong. */
async function splitWithQpdf(ctx: ToolContext, pdf: PreparedPdf, ranges: readonly PageRange[], every: number | undefined): Promise<string[] | undefined> {
  const dir = await mkdtemp(join(ctx.dir, 'split-'));
  let parts: string[];
  if (every !== undefined) {
    if (!qpdfSucceeded(await ctx.run(qpdfSplit(pdf.path, every, join(dir, 'part'))))) return undefined;
    parts = (await readdir(dir)).sort().map((name) => join(dir, name));
  } else {
    parts = ranges.map((_, i) => join(dir, `part-${i}.pdf`));
    let done = 0;
    const ok = await mapLimit(ranges, ctx.limits.parallelism, async (range, i) => {
      const result = await ctx.run(qpdfSelect(pdf.path, `${range.start}-${range.end}`, parts[i]!));
      ctx.progress((++done / ranges.length) * 0.9);
      return qpdfSucceeded(result);
    });
    if (!ok.every(Boolean)) return undefined;
  }
  if (parts.length !== ranges.length) return undefined;
  const counts = await mapLimit(parts, FILES_AT_ONCE, (part) => countWrittenPages(ctx, part));
  return counts.every((pages, i) => pages === ranges[i]!.end - ranges[i]!.start + 1) ? parts : undefined;
}

export const organize: Operation<'organize'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const ranges = pageRangesFor('order', options.order, pdf.pages, { allowReverse: true });
  if (countPagesInRanges(ranges) > ctx.limits.maxPages) {
    throw new EngineError('LIMIT_EXCEEDED', 'The result would have too many pages.', { limit: 'maxPages' });
  }
  const indices = expandPageRanges(ranges).map((p) => p - 1);
  const out = await composePdf(ctx, [{ doc: await openPrepared(pdf), indices }]);
  return [await writePdf(ctx, out, outputFilename(pdf.filename, 'organised', 'pdf'), indices.length, copied(pdf))];
};

/** The pages asked for, each once, in the order asked: one qpdf run. */
export const extractPages: Operation<'extract-pages'> = async ([input], options, ctx) => {
  const target = ctx.output(outputFilename(input!.filename, 'extracted', 'pdf'));
  return withCarefulRetry(ctx, input!, async (pdf) => {
    const pages = [...new Set(expandPageRanges(pageRangesFor('pages', options.pages, pdf.pages)))];
    const result = await ctx.run(qpdfSelect(pdf.path, inOrder(pages), target.path));
    if (!qpdfSucceeded(result) || (await countWrittenPages(ctx, target.path)) !== pages.length) return undefined;
    return [{ path: target.path, filename: target.filename, contentType: PDF_TYPE, pages: pages.length, ...notesOf(copied(pdf)) }];
  });
};

/** "5,1,2,3,9" -> "5,1-3,9": qpdf's page list, runs shortened, order kept. */
function inOrder(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    const start = pages[i]!;
    while (pages[i + 1] === pages[i]! + 1) i++;
    parts.push(start === pages[i] ? `${start}` : `${start}-${pages[i]}`);
  }
  return parts.join(',');
}

/**
 * Runs `work` on the input as counted in-process and, when qpdf's result disagreed with that count
 * (undefined), once more on the input prepared the careful way (qpdf count, decrypt, repair).
 */
async function withCarefulRetry<T>(ctx: ToolContext, input: ToolInput, work: (pdf: PreparedPdf) => Promise<T | undefined>): Promise<T> {
  const done = (await work(await preparePdfInProcess(ctx, input))) ?? (await work(await preparePdf(ctx, input)));
  if (done === undefined) throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this PDF.');
  return done;
}

export const removePages: Operation<'remove-pages'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const remove = new Set(expandPageRanges(pageRangesFor('pages', options.pages, pdf.pages)));
  if (remove.size >= pdf.pages) {
    throw new EngineError('VALIDATION_FAILED', 'At least one page must be left.', { field: 'pages', message: 'At least one page must be left.' });
  }
  // Removing in place keeps the document's outline, forms and metadata.
  const doc = await openPrepared(pdf);
  for (const page of [...remove].sort((a, b) => b - a)) doc.removePage(page - 1);
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'pages-removed', 'pdf'), pdf.pages - remove.size)];
};
