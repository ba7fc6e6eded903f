import { readFile } from 'node:fs/promises';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';
import { qpdf } from '../process/commands.ts';
import { pdfLibPageCount } from './load.ts';
import { statedPageCount } from './page-count.ts';

/**
 * Page count of a PDF we produced, read back by a separate parser. Engines sometimes "succeed"
 * with an empty or short file; that must end as an error, not a download.
 */
export async function verifyPdfOutput(ctx: ToolContext, path: string, expectedPages?: number): Promise<number> {
  const pages = await countPages(ctx, path);
  if (!pages || (expectedPages !== undefined && pages !== expectedPages)) {
    throw new EngineError('PDF_CORRUPT', 'The result could not be produced from this PDF.', { expectedPages, pages: pages ?? 0 });
  }
  if (pages > ctx.limits.maxPages) throw new EngineError('LIMIT_EXCEEDED', 'The result would have too many pages.', { limit: 'maxPages' });
  return pages;
}

export async function countPages(ctx: ToolContext, path: string): Promise<number | undefined> {
  if ((await detectEngines()).qpdf.available) {
    const result = await ctx.run(qpdf.pageCount(path));
    const pages = Number(result.stdout.toString().trim());
    if (result.exitCode === 0 && pages > 0) return pages;
  }
  return (await pdfLibPageCount(await readFile(path)))?.pages;
}

/** A file qpdf itself wrote: the count its bytes state, read in-process; a parser only when they do not say. */
export async function countWrittenPages(ctx: ToolContext, path: string): Promise<number | undefined> {
  return statedPageCount(await readFile(path)) ?? (await countPages(ctx, path));
}
