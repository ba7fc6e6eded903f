import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expandPageRanges } from '@wattle/shared';
import type { ToolContext } from '../context.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { qpdf, qpdfDecryptJob, qpdfEncryptJob } from '../process/commands.ts';
import { objectStreamsAllowed, pdfaNotKept, saveOptions } from '../pdf/conformance.ts';
import { withoutActiveContent } from '../pdf/active-content.ts';
import { loadPdf } from '../pdf/load.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { qpdfSucceeded, runQpdfJob } from '../pdf/qpdf.ts';
import { checkedOutput, pageRangesFor } from '../pdf/write.ts';
import type { Operation } from './operation.ts';

/** Tools where qpdf is fastest or the only AES-256 writer here (rotate 29 ms / 200 pages; encrypt 32 ms). */

const failed = () => new EngineError('PDF_CORRUPT', 'The result could not be produced from this PDF.');

export const rotate: Operation<'rotate'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const pages = options.pages === undefined ? undefined : expandPageRanges(pageRangesFor('pages', options.pages, pdf.pages));
  const target = ctx.output(outputFilename(pdf.filename, 'rotated', 'pdf'));
  if (!qpdfSucceeded(await ctx.run(qpdf.rotate(pdf.path, target.path, options.angle, pages)))) throw failed();
  return [await checkedOutput(ctx, target, pdf.pages)];
};

/** qpdf's rewrite, then pdf-lib's where qpdf fails; either way the page count must survive. */
export const repair: Operation<'repair'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const target = ctx.output(outputFilename(pdf.filename, 'repaired', 'pdf'));
  const result = await ctx.run(qpdf.rewrite(pdf.path, target.path, { optimise: true, objectStreams: objectStreamsAllowed(pdf.profile) }));
  if (!qpdfSucceeded(result)) {
    const doc = await loadPdf(await readFile(pdf.path));
    await writeFile(target.path, await doc.save(saveOptions(doc)));
  }
  return [await checkedOutput(ctx, target, pdf.pages)];
};

export const protect: Operation<'protect'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const target = ctx.output(outputFilename(pdf.filename, 'protected', 'pdf'));
  // Without an owner password anyone who can open the file could lift the restrictions.
  const owner = options.ownerPassword ?? randomBytes(24).toString('base64url');
  const result = await runQpdfJob(ctx, qpdfEncryptJob(await withoutActiveContent(ctx, pdf.path), target.path, options.userPassword, owner, options.permissions));
  if (!qpdfSucceeded(result)) throw failed();
  const checked = await encryptedOutput(ctx, target, options.userPassword, pdf.pages);
  const notes = pdfaNotKept([pdf.profile], 'PDF/A does not allow encryption');
  return [notes.length > 0 ? { ...checked, notes } : checked];
};

export const unlock: Operation<'unlock'> = async ([input], options, ctx) => {
  // preparePdf decrypts with the password (WRONG_PASSWORD if it is not) and repairs.
  const pdf = await preparePdf(ctx, input!, { password: options.password });
  const target = ctx.output(outputFilename(pdf.filename, 'unlocked', 'pdf'));
  if (!qpdfSucceeded(await ctx.run(qpdf.rewrite(pdf.path, target.path, { decrypt: true })))) throw failed();
  return [await checkedOutput(ctx, target, pdf.pages)];
};

/** An encrypted output can only be counted with its password: decrypt a scratch copy to check it. */
async function encryptedOutput(ctx: ToolContext, target: { path: string; filename: string }, password: string, pages: number) {
  const scratch = join(ctx.dir, `check-${randomUUID()}.pdf`);
  const result = await runQpdfJob(ctx, qpdfDecryptJob(target.path, scratch, password));
  if (!qpdfSucceeded(result)) throw failed();
  const checked = await checkedOutput(ctx, { path: scratch, filename: target.filename }, pages);
  return { ...checked, path: target.path };
}
