import { degrees, type PDFDocument } from '@cantoo/pdf-lib';
import { countPagesInRanges, expandPageRanges } from '@wattle/shared';
import type { Operation } from './operation.ts';
import { EngineError } from '../errors.ts';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { preparePdf, type PreparedPdf } from '../pdf/prepare.ts';
import { composePdf, openPrepared, pageRangesFor, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import { mapLimit } from '../util/map-limit.ts';

/** Page-level tools, all in-process with pdf-lib (fastest here, and the same code runs in a browser). */

/** Pages copied into a new document leave the catalog (XMP, output intents) behind; removing pages in place keeps it. */
const copied = (...inputs: PreparedPdf[]) => pdfaNotKept(inputs.map((p) => p.profile), 'the pages were copied into a new document without the PDF/A metadata');

export const merge: Operation<'merge'> = async (inputs, options, ctx) => {
  const rotations = options.rotations ?? [];
  if (rotations.length > inputs.length) {
    const message = 'Give at most one rotation for each file.';
    throw new EngineError('VALIDATION_FAILED', message, { field: 'rotations', message });
  }
  let done = 0;
  const parts = await mapLimit(inputs, ctx.limits.parallelism, async (input) => {
    const pdf = await preparePdf(ctx, input);
    const doc = await openPrepared(pdf);
    turnPages(doc, rotations[inputs.indexOf(input)] ?? 0);
    ctx.progress((++done / inputs.length) * 0.8);
    return { pdf, doc, indices: doc.getPageIndices() };
  });
  const merged = await composePdf(ctx, parts);
  return [await writePdf(ctx, merged, outputFilename(inputs[0]!.filename, 'merged', 'pdf'), merged.getPageCount(), copied(...parts.map((p) => p.pdf)))];
};

/** Adds to each page's own rotation, as the rotate tool does. */
function turnPages(doc: PDFDocument, angle: number): void {
  if (angle === 0) return;
  for (const page of doc.getPages()) page.setRotation(degrees((page.getRotation().angle + angle) % 360));
}

export const split: Operation<'split'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const ranges =
    options.mode === 'ranges'
      ? pageRangesFor('ranges', options.ranges, pdf.pages)
      : Array.from({ length: Math.ceil(pdf.pages / options.every) }, (_, i) => ({
          start: i * options.every + 1,
          end: Math.min(pdf.pages, (i + 1) * options.every),
        }));
  const outputs = [];
  for (const [i, range] of ranges.entries()) {
    const part = await composePdf(ctx, [{ doc, indices: expandPageRanges([range]).map((p) => p - 1) }]);
    const label = range.start === range.end ? `${range.start}` : `${range.start}-${range.end}`;
    outputs.push(await writePdf(ctx, part, outputFilename(pdf.filename, `pages-${label}`, 'pdf'), part.getPageCount(), copied(pdf)));
    ctx.progress((i + 1) / ranges.length);
  }
  return outputs;
};

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

export const extractPages: Operation<'extract-pages'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const indices = [...new Set(expandPageRanges(pageRangesFor('pages', options.pages, pdf.pages)))].map((p) => p - 1);
  const out = await composePdf(ctx, [{ doc: await openPrepared(pdf), indices }]);
  return [await writePdf(ctx, out, outputFilename(pdf.filename, 'extracted', 'pdf'), indices.length, copied(pdf))];
};

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
