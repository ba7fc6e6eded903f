import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PDFDocument } from '@cantoo/pdf-lib';
import type { ToolContext } from '../context.ts';
import { EngineError } from '../errors.ts';
import { compactPageList, pdftoppm, pdftoppmGrayRange } from '../process/commands.ts';
import { mapLimit } from '../util/map-limit.ts';
import { parsePnm, type RawImage } from '../util/ppm.ts';
import { displayBox } from './geometry.ts';

/** Pixel size of a page rendered at dpi, refused before rendering when over the pixel budget (huge MediaBox x DPI). */
export function renderSize(ctx: ToolContext, doc: PDFDocument, pageIndex: number, dpi: number): { width: number; height: number } {
  const box = displayBox(doc.getPage(pageIndex));
  const width = Math.ceil((box.width * dpi) / 72);
  const height = Math.ceil((box.height * dpi) / 72);
  if (width * height > ctx.limits.maxPixels) {
    throw new EngineError('LIMIT_EXCEEDED', 'A page is too large to render at this resolution.', { limit: 'maxPixels', page: pageIndex + 1, width, height });
  }
  return { width, height };
}

/** Renders one page (1-based) with pdftoppm to `<base>.ppm|.pgm|.jpg` (default: in the job dir); returns its path. */
export async function renderPageFile(
  ctx: ToolContext,
  pdfPath: string,
  page: number,
  dpi: number,
  format: 'ppm' | 'gray' | 'jpeg',
  base = join(ctx.dir, `page-${randomUUID()}`),
): Promise<string> {
  const result = await ctx.run(pdftoppm({ input: pdfPath, outputBase: base, page, dpi, format }));
  const path = `${base}.${format === 'jpeg' ? 'jpg' : format === 'gray' ? 'pgm' : 'ppm'}`;
  if (result.exitCode !== 0) {
    await rm(path, { force: true });
    throw new EngineError('PDF_CORRUPT', 'A page of this PDF could not be rendered.', { page });
  }
  return path;
}

/** Renders one page to raw pixels (the file is removed at once: 300-dpi pages are 26 MB each). */
export async function renderPageRaw(ctx: ToolContext, pdfPath: string, page: number, dpi: number): Promise<RawImage> {
  const path = await renderPageFile(ctx, pdfPath, page, dpi, 'ppm');
  try {
    return parsePnm(await readFile(path));
  } finally {
    await rm(path, { force: true });
  }
}

/** Pages rendered by one pdftoppm run at most: bounds the files on disk at once. */
const PAGES_PER_RUN = 50;

/**
 * Looks at each of `pages` (1-based) rendered in grey at a low dpi, several runs of consecutive pages at
 * once, and keeps what `look` makes of each; the images go as soon as they are looked at.
 */
export async function lookAtPagesGray<T>(ctx: ToolContext, pdfPath: string, doc: PDFDocument, pages: readonly number[], dpi: number, look: (image: RawImage) => T): Promise<Map<number, T>> {
  for (const page of pages) renderSize(ctx, doc, page - 1, dpi);
  const runs = compactPageList(pages)
    .split(',')
    .filter(Boolean)
    .flatMap((part) => {
      const [first, last = first] = part.split('-').map(Number) as [number, number?];
      return Array.from({ length: Math.ceil((last - first + 1) / PAGES_PER_RUN) }, (_, k) => [first + k * PAGES_PER_RUN, Math.min(last, first + (k + 1) * PAGES_PER_RUN - 1)] as const);
    });
  const seen = new Map<number, T>();
  let done = 0;
  await mapLimit(runs, ctx.limits.parallelism, async ([first, last]) => {
    const dir = join(ctx.dir, `pages-${randomUUID()}`);
    await mkdir(dir);
    try {
      const result = await ctx.run(pdftoppmGrayRange({ input: pdfPath, outputBase: join(dir, 'p'), first, last, dpi }));
      const files = (await readdir(dir)).filter((name) => name.endsWith('.pgm'));
      if (result.exitCode !== 0 || files.length !== last - first + 1) throw new EngineError('PDF_CORRUPT', 'A page of this PDF could not be rendered.', { pages: `${first}-${last}` });
      for (const name of files) {
        const page = Number(/-(\d+)\.pgm$/.exec(name)![1]);
        seen.set(page, look(parsePnm(await readFile(join(dir, name)))));
        await rm(join(dir, name));
      }
      done += last - first + 1;
      ctx.progress(done / pages.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  return seen;
}
