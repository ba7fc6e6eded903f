import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pdftoppmJpeg, qpdfMerge, qpdfSplitPages } from './baselines.ts';
import { alternate, median, summary } from './measure.ts';

/**
 * Merge, split and PDF to image against qpdf and pdftoppm on the same files, ours and the peer
 * taking turns. Every size prints its time a page, and merge how its time grows from 10 to 200 files
 * (issue 13, "Cost grows linearly"). Inputs come from make-inputs (page-tool
 * parts: `part-N.pdf` of 5 pages, `long.pdf` of 1,000 pages).
 */
export interface PageToolBench {
  inputs: string;
  scratch: string;
  runs: number;
  /** Our ways of running a tool on these files (the engine in-process, the whole API), each timed against the peer. */
  ours: Record<string, (tool: 'merge' | 'split' | 'pdf-to-image', files: string[], options?: unknown) => Promise<unknown>>;
  row: (what: string, ours: string, peer: string, note: string) => void;
}

export const MERGE_SIZES = [10, 50, 200];
export const PART_PAGES = 5;
export const LONG_PAGES = 1000;
export const IMAGE_PAGES = 100;

/** Prints the rows; returns every measurement (milliseconds per side) by row name, for figures derived from them. */
export async function pageToolRows(bench: PageToolBench): Promise<Record<string, Record<string, number[]>>> {
  const measured: Record<string, Record<string, number[]>> = {};
  const part = (i: number) => join(bench.inputs, `part-${i}.pdf`);
  const fresh = async (name: string) => {
    const dir = join(bench.scratch, name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  };
  const ratio = (ours: number[], peer: number[]) => `${(median(ours) / median(peer)).toFixed(2)}x the peer's time`;

  /** Ours and the peer taking turns; a row for each of our ways. */
  const compare = async (what: string, pages: number, peerName: string, peer: () => Promise<void>, tool: 'merge' | 'split' | 'pdf-to-image', files: string[], options?: unknown) => {
    const t = await alternate(bench.runs, { ...Object.fromEntries(Object.entries(bench.ours).map(([name, run]) => [name, () => run(tool, files, options)])), peer });
    measured[what] = t;
    for (const name of Object.keys(bench.ours)) {
      bench.row(`${what} (${name})`, summary(t[name]!, pages), summary(t.peer!, pages), `${peerName}; ${ratio(t[name]!, t.peer!)}`);
    }
  };

  for (const files of MERGE_SIZES) {
    const inputs = Array.from({ length: files }, (_, i) => part(i));
    await compare(`merge ${files} files x ${PART_PAGES} pages`, files * PART_PAGES, 'qpdf --empty --pages', async () => qpdfMerge(inputs, join(await fresh('qpdf-merge'), 'merged.pdf')), 'merge', inputs);
  }
  const long = join(bench.inputs, 'long.pdf');
  await compare(`split ${LONG_PAGES} pages into single pages`, LONG_PAGES, 'qpdf --split-pages', async () => qpdfSplitPages(long, join(await fresh('qpdf-split'), 'page')), 'split', [long], { mode: 'every', every: 1 });
  mergeGrowth(measured, bench.row);
  const images = join(bench.inputs, 'images.pdf');
  const pdftoppm = async () => {
    const dir = await fresh('pdftoppm');
    pdftoppmJpeg(images, 150, join(dir, 'page'));
    if ((await readdir(dir)).length !== IMAGE_PAGES) throw new Error('pdftoppm missed pages');
  };
  await compare(`pdf-to-image ${IMAGE_PAGES} pages, JPEG 150 dpi`, IMAGE_PAGES, 'pdftoppm -jpeg (one process)', pdftoppm, 'pdf-to-image', [images], { format: 'jpeg', dpi: 150 });
  return measured;
}

/**
 * How merge's time grows with its pages: the time of each more page between one size and the next, and
 * the fixed cost a job that is left over (at the smallest size). A job's fixed cost keeps the time a
 * page of small merges above that of large ones for every side, the peer's included; linear growth
 * shows as the same time for each more page from one pair of sizes to the next.
 */
function mergeGrowth(measured: Record<string, Record<string, number[]>>, row: PageToolBench['row']): void {
  const sizes = MERGE_SIZES.map((files) => ({ pages: files * PART_PAGES, times: measured[`merge ${files} files x ${PART_PAGES} pages`]! }));
  const growth = (side: string) => {
    const at = sizes.map(({ pages, times }) => ({ pages, ms: median(times[side]!) }));
    const steps = at.slice(1).map((next, i) => `${at[i]!.pages}->${next.pages} pages ${((next.ms - at[i]!.ms) / (next.pages - at[i]!.pages)).toFixed(2)} ms`);
    const last = at.at(-1)!;
    const perPage = (last.ms - at[0]!.ms) / (last.pages - at[0]!.pages);
    return `each more page: ${steps.join(', ')}; fixed ${((at[0]!.ms - perPage * at[0]!.pages) / 1000).toFixed(2)} s a job`;
  };
  for (const side of Object.keys(sizes[0]!.times).filter((name) => name !== 'peer')) {
    row(`merge, how the time grows (${side})`, growth(side), growth('peer'), 'linear where each more page costs the same from one pair of sizes to the next');
  }
}
