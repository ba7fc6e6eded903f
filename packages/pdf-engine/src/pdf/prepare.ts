import { randomUUID } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ToolContext, ToolInput } from '../context.ts';
import { detectFileType } from '../detect/file-type.ts';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';
import { qpdf, qpdfDecryptJob } from '../process/commands.ts';
import { profileOfBytes, type PdfProfile } from './conformance.ts';
import { inspectPdfWith, type PdfInfo } from './inspect.ts';
import { loadPdf } from './load.ts';
import { statedPageCount } from './page-count.ts';
import { isInvalidPassword, qpdfSucceeded, runQpdfJob } from './qpdf.ts';
import { checkPdfStreams, type StreamWalk } from './stream-budget.ts';
import { countPages } from './verify.ts';
import { openPrepared } from './write.ts';

/** A PDF input ready for any engine: checked against the budgets, decrypted and repaired if it had to be. */
export interface PreparedPdf {
  path: string;
  /** The user's file name, for naming outputs. */
  filename: string;
  pages: number;
  /** The input's version and PDF/A claim, which tools keep where they can. */
  profile: PdfProfile;
}

export async function checkFileSize(ctx: ToolContext, input: ToolInput): Promise<void> {
  const { size } = await stat(input.path);
  if (size > ctx.limits.maxFileBytes) {
    throw new EngineError('FILE_TOO_LARGE', 'The file is too large.', { filename: input.filename, limit: ctx.limits.maxFileBytes });
  }
}

/**
 * Every PDF tool starts here: type by content, size, decoded-bytes and pixel budgets, then a real
 * parse. Encrypted files need `password` (only unlock passes one); damaged ones are rewritten by
 * qpdf, or pdf-lib where qpdf gives up, and the result's page count is checked.
 */
export async function preparePdf(ctx: ToolContext, input: ToolInput, options: { password?: string } = {}): Promise<PreparedPdf> {
  return (await parseChecked(ctx, input, await checkedBytes(ctx, input), options)).pdf;
}

/**
 * preparePdf, then pdf-lib's parse of the result, reading the file once: on a large scan the
 * second read and the buffers it leaves to the collector cost as much as the checks.
 */
export async function prepareAndOpen(ctx: ToolContext, input: ToolInput): Promise<{ pdf: PreparedPdf; doc: PDFDocument }> {
  const { pdf, doc } = await parseChecked(ctx, input, await checkedBytes(ctx, input), {}, true);
  return { pdf, doc: doc ?? (await openPrepared(pdf)) };
}

/**
 * preparePdf's checks without its engine processes, for tools that hand their files to one qpdf run,
 * which repairs as it reads (merge, split): the page count is the one the bytes state. Encrypted
 * files, and those whose count only a parser can tell, go preparePdf's way. The tool checks qpdf's
 * result against these counts and, when they disagree, prepares again with `preparePdf`.
 */
export async function preparePdfInProcess(ctx: ToolContext, input: ToolInput): Promise<PreparedPdf> {
  const checked = await checkedBytes(ctx, input);
  const { bytes, walk } = checked;
  const pages = walk.encrypted ? undefined : statedPageCount(bytes);
  if (pages === undefined) return (await parseChecked(ctx, input, checked, {})).pdf;
  checkPageLimit(ctx, input.filename, pages);
  return { path: input.path, filename: input.filename, pages, profile: profileOfBytes(bytes, walk.pdfaid) };
}

interface CheckedBytes {
  bytes: Buffer;
  walk: StreamWalk;
}

async function checkedBytes(ctx: ToolContext, input: ToolInput): Promise<CheckedBytes> {
  await checkFileSize(ctx, input);
  if ((await detectFileType(input.path)) !== 'pdf') {
    throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This file is not a PDF.', { filename: input.filename });
  }
  const bytes = await readFile(input.path);
  return { bytes, walk: await checkPdfStreams(bytes, ctx.limits, ctx.budget) };
}

/**
 * With `open`, pdf-lib parses the input while qpdf counts its pages: two cores; wasted only on damaged
 * files, which need a rewrite. Encrypted ones are known from the walk and not parsed early.
 */
async function parseChecked(ctx: ToolContext, input: ToolInput, { bytes, walk }: CheckedBytes, options: { password?: string }, open = false): Promise<{ pdf: PreparedPdf; doc?: PDFDocument }> {
  const hasQpdf = (await detectEngines()).qpdf.available;
  let path = input.path;
  const inspected = inspectPdfWith(hasQpdf ? (spec) => ctx.run(spec) : undefined, bytes, path, walk.encrypted);
  const early = open && !walk.encrypted ? loadPdf(bytes).catch(() => undefined) : undefined;
  let info = await inspected;

  if (info.passwordRequired) {
    if (options.password === undefined || !hasQpdf) {
      throw new EngineError('PDF_ENCRYPTED', 'This PDF needs a password.', { filename: input.filename });
    }
    path = await decryptWithPassword(ctx, path, options.password, input.filename);
    info = await inspectPdfWith((spec) => ctx.run(spec), await readFile(path), path);
  }
  checkPageLimit(ctx, input.filename, info.pages!);
  if (info.encrypted || info.damaged) path = await rewrite(ctx, path, info, hasQpdf);
  const pdf = { path, filename: input.filename, pages: info.pages!, profile: profileOfBytes(bytes, walk.pdfaid) };
  return { pdf, doc: path === input.path ? await early : undefined };
}

function checkPageLimit(ctx: ToolContext, filename: string, pages: number): void {
  if (pages > ctx.limits.maxPages) {
    throw new EngineError('LIMIT_EXCEEDED', 'The PDF has too many pages.', { filename, limit: 'maxPages', pages });
  }
}

const workPath = (ctx: ToolContext) => join(ctx.dir, `in-${randomUUID()}.pdf`);

async function decryptWithPassword(ctx: ToolContext, path: string, password: string, filename: string): Promise<string> {
  const out = workPath(ctx);
  const result = await runQpdfJob(ctx, qpdfDecryptJob(path, out, password));
  if (isInvalidPassword(result)) throw new EngineError('WRONG_PASSWORD', 'The password is not correct for this PDF.', { filename });
  if (!qpdfSucceeded(result)) throw new EngineError('PDF_CORRUPT', 'This PDF is damaged and could not be read.', { filename });
  return out;
}

/** Decrypts (owner-password-only files) and repairs; keeps whichever engine's result has all the pages. */
async function rewrite(ctx: ToolContext, path: string, info: PdfInfo, hasQpdf: boolean): Promise<string> {
  const out = workPath(ctx);
  if (hasQpdf) {
    const result = await ctx.run(qpdf.rewrite(path, out, { decrypt: info.encrypted }));
    if (qpdfSucceeded(result) && (await countPages(ctx, out)) === info.pages) return out;
  }
  // Copy the pages pdf-lib could read into a fresh document: the damaged tree may still list pages that are gone.
  const damaged = await loadPdf(await readFile(path));
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (const page of await doc.copyPages(damaged, damaged.getPageIndices())) doc.addPage(page);
  await writeFile(out, await doc.save({ useObjectStreams: false }));
  const pages = await countPages(ctx, out);
  if (!pages || pages !== info.pages) throw new EngineError('PDF_CORRUPT', 'This PDF is damaged and could not be read.');
  return out;
}
