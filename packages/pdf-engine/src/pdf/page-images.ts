import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { createContext } from '../context.ts';
import { withJobDir } from '../job-dir.ts';
import { EngineError } from '../errors.ts';
import { DEFAULT_LIMITS, type EngineLimits } from '../limits.ts';
import { displayBox } from './geometry.ts';
import { loadPdf } from './load.ts';
import { renderPageRaw, renderSize } from './render.ts';
import { checkPdfStreams } from './stream-budget.ts';

/** A page's size in points, as it is displayed (rotation applied). */
export interface PageSize {
  width: number;
  height: number;
}

/** Every page's displayed size, for a viewer that lays pages out before their images arrive. */
export async function pageSizes(path: string, options: { limits?: Partial<EngineLimits> } = {}): Promise<PageSize[]> {
  const { boxes } = await loadWithinBudgets(path, { ...DEFAULT_LIMITS, ...options.limits });
  return boxes.map((box) => ({ width: Math.round(box.width * 100) / 100, height: Math.round(box.height * 100) / 100 }));
}

/**
 * One page (1-based) as a WebP image `width` pixels wide, for readers who must not get the PDF: rendered
 * by pdftoppm with the engine's timeout and pixel budget in a private temp dir under workDir.
 */
export async function renderPage(
  path: string,
  page: number,
  width: number,
  options: { workDir: string; limits?: Partial<EngineLimits> },
): Promise<Buffer> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { doc, boxes } = await loadWithinBudgets(path, limits);
  const box = boxes[page - 1];
  if (!box) throw new EngineError('VALIDATION_FAILED', `This PDF has no page ${page}.`, { field: 'page', message: `This PDF has ${boxes.length} pages.` });
  return withJobDir(options.workDir, async (dir) => {
    const ctx = createContext({ dir, outputDir: dir, limits });
    const dpi = (width * 72) / box.width;
    // Checked before rendering: a page drawn as a thin strip would otherwise be millions of pixels tall.
    renderSize(ctx, doc, page - 1, dpi);
    const raw = await renderPageRaw(ctx, path, page, dpi);
    return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
      .resize({ width, withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
  });
}

/** A stored PDF is read here outside a job: the budgets (decision 012) come before pdf-lib decodes any of it. */
async function loadWithinBudgets(path: string, limits: EngineLimits) {
  const bytes = await readFile(path);
  await checkPdfStreams(bytes, limits, { remaining: limits.maxDecodedBytes });
  const doc = await loadPdf(bytes);
  // pdf-lib reads the page tree lazily: a file it loads may still have no readable catalogue or pages.
  try {
    return { doc, boxes: doc.getPages().map(displayBox) };
  } catch (error) {
    throw new EngineError('PDF_CORRUPT', 'This PDF is damaged and could not be read.', { part: 'page tree' }, { cause: error });
  }
}
