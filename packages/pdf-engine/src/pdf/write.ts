import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import { expandPageRanges, PageRangeError, parsePageRanges, type PageRange, type ParsePageRangesOptions } from '@wattle/shared';
import type { ToolContext, ToolNote, ToolOutput } from '../context.ts';
import { dropPdfaClaim, saveOptions } from './conformance.ts';
import { EngineError } from '../errors.ts';
import { loadPdf } from './load.ts';
import type { PreparedPdf } from './prepare.ts';
import { verifyPdfOutput } from './verify.ts';

export const PDF_TYPE = 'application/pdf';

export async function openPrepared(pdf: PreparedPdf): Promise<PDFDocument> {
  return loadPdf(await readFile(pdf.path));
}

/** Saves (keeping the document's version and PDF/A part), then reads the page count back before anyone sees the file. */
export async function writePdf(ctx: ToolContext, doc: PDFDocument, filename: string, expectedPages?: number, notes: ToolNote[] = []): Promise<ToolOutput> {
  ctx.checkAborted();
  const target = ctx.output(filename);
  const save = saveOptions(doc); // decided by the input's claim, before it goes
  if (notes.some((note) => note.code === 'PDFA_NOT_KEPT')) dropPdfaClaim(doc);
  await writeFile(target.path, await doc.save(save));
  return checkedOutput(ctx, target, expectedPages, notes);
}

/** An output file some engine already wrote at target.path. */
export async function checkedOutput(ctx: ToolContext, target: { path: string; filename: string }, expectedPages?: number, notes: ToolNote[] = []): Promise<ToolOutput> {
  const pages = await verifyPdfOutput(ctx, target.path, expectedPages);
  return { path: target.path, filename: target.filename, contentType: PDF_TYPE, pages, ...(notes.length > 0 && { notes }) };
}

/** A new document made of pages copied from others, in the order given (repeats allowed). */
export async function composePdf(ctx: ToolContext, parts: readonly { doc: PDFDocument; indices: readonly number[] }[]): Promise<PDFDocument> {
  const total = parts.reduce((sum, part) => sum + part.indices.length, 0);
  if (total > ctx.limits.maxPages) throw new EngineError('LIMIT_EXCEEDED', 'The result would have too many pages.', { limit: 'maxPages', pages: total });
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const part of parts) {
    ctx.checkAborted();
    for (const page of await out.copyPages(part.doc, [...part.indices])) out.addPage(page);
  }
  return out;
}

/** Page ranges checked against the document; mistakes become field errors, not crashes. */
export function pageRangesFor(field: string, input: string, pageCount: number, options?: ParsePageRangesOptions): PageRange[] {
  try {
    return parsePageRanges(input, pageCount, options);
  } catch (error) {
    if (error instanceof PageRangeError) throw new EngineError('VALIDATION_FAILED', error.message, { field, message: error.message });
    throw error;
  }
}

/** The 1-based pages a tool's optional `pages` field chooses; undefined (every page) when it is empty. */
export function chosenPages(input: string | undefined, pageCount: number): Set<number> | undefined {
  return input ? new Set(expandPageRanges(pageRangesFor('pages', input, pageCount))) : undefined;
}
