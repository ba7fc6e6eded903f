import { mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { expandPageRanges } from '@wattle/shared';
import type { ToolContext } from '../context.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { renderSize } from '../pdf/render.ts';
import { openPrepared, pageRangesFor } from '../pdf/write.ts';
import { parsePnm } from '../util/ppm.ts';
import { mapLimit } from '../util/map-limit.ts';
import type { Operation } from './operation.ts';

/**
 * Consecutive pages one pdftoppm run renders: one process per run, not per page, while PPM scratch
 * files (26 MB a page at 300 dpi) stay few and both cores stay busy.
 */
const PAGES_PER_RUN = 8;

/** pdftoppm writes JPEG itself; PNG goes through sharp (pdftoppm's PNG writer is 15x slower). */
export const pdfToImage: Operation<'pdf-to-image'> = async ([input], options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const pages = options.pages
    ? [...new Set(expandPageRanges(pageRangesFor('pages', options.pages, pdf.pages)))]
    : Array.from({ length: pdf.pages }, (_, i) => i + 1);
  for (const page of pages) renderSize(ctx, doc, page - 1, options.dpi);
  const ext = options.format === 'png' ? 'png' : 'jpg';
  const targets = pages.map((page) => ctx.output(outputFilename(pdf.filename, `page-${page}`, ext)));
  let done = 0;
  await mapLimit(runsOf(pages), ctx.limits.parallelism, async ({ at, count }) => {
    const rendered = await renderRun(ctx, pdf.path, pages[at]!, count, options.dpi, options.format);
    for (const [i, path] of rendered.entries()) {
      const target = targets[at + i]!;
      if (options.format === 'jpeg') {
        await rename(path, target.path);
      } else {
        const raw = parsePnm(await readFile(path));
        await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } }).png({ compressionLevel: 6 }).toFile(target.path);
        await rm(path);
      }
    }
    ctx.progress((done += count) / pages.length);
  });
  return targets.map((t) => ({ path: t.path, filename: t.filename, contentType: options.format === 'png' ? 'image/png' : 'image/jpeg' }));
};

/** Runs of consecutive ascending pages, in the order asked, each at most PAGES_PER_RUN long: `at` indexes `pages`. */
function runsOf(pages: readonly number[]): { at: number; count: number }[] {
  const runs: { at: number; count: number }[] = [];
  for (const [i, page] of pages.entries()) {
    const last = runs.at(-1);
    if (last && last.count < PAGES_PER_RUN && pages[i - 1] === page - 1) last.count++;
    else runs.push({ at: i, count: 1 });
  }
  return runs;
}

/** Pages first..first+count-1 as JPEG or PPM files in a scratch dir of the job, in page order. */
async function renderRun(ctx: ToolContext, pdfPath: string, first: number, count: number, dpi: number, format: 'png' | 'jpeg'): Promise<string[]> {
  const dir = await mkdtemp(join(ctx.dir, 'pages-'));
  const result = await ctx.run({
    command: 'pdftoppm',
    args: ['-f', String(first), '-l', String(first + count - 1), '-r', String(dpi), ...(format === 'jpeg' ? ['-jpeg', '-jpegopt', 'quality=85'] : []), pdfPath, join(dir, 'p')],
  });
  // pdftoppm pads page numbers to the same width, so names sort in page order.
  const files = (await readdir(dir)).sort().map((name) => join(dir, name));
  if (result.exitCode !== 0 || files.length !== count) {
    await rm(dir, { recursive: true, force: true });
    throw new EngineError('PDF_CORRUPT', 'A page of this PDF could not be rendered.', { page: first });
  }
  return files;
}
