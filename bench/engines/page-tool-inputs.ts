import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { libreOfficeReport } from '../../packages/pdf-engine/src/test/born-digital.ts';
import { IMAGE_PAGES, LONG_PAGES, MERGE_SIZES, PART_PAGES } from './page-tools.ts';

/**
 * The page tools' inputs, born-digital like what people merge (LibreOffice exports with embedded
 * font subsets and an image a page): `part-N.pdf`, the parts joined into `long.pdf`, and its first
 * pages as `images.pdf`.
 */
export async function writePageToolInputs(dir: string): Promise<void> {
  const scratch = await mkdtemp(join(dir, 'lo-'));
  const part = await libreOfficeReport(scratch, PART_PAGES);
  await rm(scratch, { recursive: true, force: true });
  const parts = Array.from({ length: Math.max(...MERGE_SIZES) }, (_, i) => join(dir, `part-${i}.pdf`));
  for (const path of parts) await writeFile(path, part);
  execFileSync('qpdf', ['--empty', '--pages', ...parts.slice(0, LONG_PAGES / PART_PAGES), '--', join(dir, 'long.pdf')]);
  execFileSync('qpdf', ['--empty', '--pages', join(dir, 'long.pdf'), `1-${IMAGE_PAGES}`, '--', join(dir, 'images.pdf')]);
}
