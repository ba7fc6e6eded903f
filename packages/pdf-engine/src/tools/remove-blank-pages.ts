import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import { EngineError } from '../errors.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { lookAtPagesGray } from '../pdf/render.ts';
import { openPrepared, writePdf } from '../pdf/write.ts';
import { pdftotext } from '../process/commands.ts';
import { outputFilename } from '../output-names.ts';
import type { RawImage } from '../util/ppm.ts';
import type { Operation } from './operation.ts';

/**
 * A page is blank when it has no text and, rendered coarsely in grey, nearly all of it is paper: a
 * scanned blank page has specks and a shadow at the edge, which the threshold allows for.
 */

const BLANK_DPI = 30;
/** Grey levels at or above this count as white paper. */
const WHITE = 230;

export const removeBlankPages: Operation<'remove-blank-pages'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const texts = await pageTexts(ctx, pdf.path);
  const textless = doc.getPageIndices().flatMap((i) => (texts[i]?.trim() ? [] : [i + 1]));
  const white = await lookAtPagesGray(ctx, pdf.path, doc, textless, BLANK_DPI, whiteShare);
  const removed = textless.filter((page) => white.get(page)! * 100 >= options.threshold);
  if (removed.length === pdf.pages) throw new EngineError('EVERY_PAGE_BLANK', 'Every page of this PDF is blank.', { pages: pdf.pages });
  for (const number of [...removed].reverse()) doc.removePage(number - 1);
  const note = { code: 'PAGES_REMOVED' as const, message: removedMessage(removed) };
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'no-blank-pages', 'pdf'), pdf.pages - removed.length, [note])];
};

export function removedMessage(removed: readonly number[]): string {
  if (removed.length === 0) return 'No blank pages were found, so every page was kept.';
  if (removed.length === 1) return `Removed 1 blank page (page ${removed[0]}).`;
  const list = removed.length <= 10 ? ` (pages ${removed.slice(0, -1).join(', ')} and ${removed.at(-1)})` : '';
  return `Removed ${removed.length} blank pages${list}.`;
}

/** Each page's text as pdftotext reads it (pages end with a form feed). */
async function pageTexts(ctx: ToolContext, path: string): Promise<string[]> {
  const out = join(ctx.dir, 'text.txt');
  const result = await ctx.run(pdftotext(path, out, 'reading'));
  if (result.exitCode !== 0) throw new EngineError('PDF_CORRUPT', 'This PDF is damaged and could not be read.');
  return (await readFile(out, 'utf8')).split('\f');
}

function whiteShare(image: RawImage): number {
  let white = 0;
  for (const value of image.data) if (value >= WHITE) white++;
  return white / image.data.length;
}
