import { randomUUID } from 'node:crypto';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import { EngineError } from '../errors.ts';
import { pdftotext } from '../process/commands.ts';
import { parseBboxLayout, type LayoutPage } from './layout.ts';

/** Most text a layout file may have; pdftotext output is roughly 10x the text. */
const MAX_LAYOUT_BYTES = 256 * 1024 * 1024;

/** Every page's words with their boxes, from `pdftotext -bbox-layout`. */
export async function readLayout(ctx: ToolContext, pdfPath: string): Promise<LayoutPage[]> {
  const path = join(ctx.dir, `layout-${randomUUID()}.html`);
  const result = await ctx.run(pdftotext(pdfPath, path, 'bbox'));
  try {
    if (result.exitCode !== 0) throw new EngineError('PDF_CORRUPT', 'The text of this PDF could not be read.');
    if ((await stat(path)).size > MAX_LAYOUT_BYTES) throw new EngineError('LIMIT_EXCEEDED', 'The PDF has more text than can be converted.', { limit: 'text' });
    return parseBboxLayout(await readFile(path, 'utf8'));
  } finally {
    await rm(path, { force: true });
  }
}
