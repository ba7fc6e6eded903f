import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PDFDocument } from '@cantoo/pdf-lib';
import type { ToolContext } from '../context.ts';
import { EngineError } from '../errors.ts';
import { pdftoppm } from '../process/commands.ts';
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

/** Renders one page to raw pixels, colour or grey (the file is removed at once: 300-dpi pages are 26 MB each). */
export async function renderPageRaw(ctx: ToolContext, pdfPath: string, page: number, dpi: number, format: 'ppm' | 'gray' = 'ppm'): Promise<RawImage> {
  const path = await renderPageFile(ctx, pdfPath, page, dpi, format);
  try {
    return parsePnm(await readFile(path));
  } finally {
    await rm(path, { force: true });
  }
}
