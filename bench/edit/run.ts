/**
 * The edit tool: 200 operations (text, shapes, highlights, notes, images, a signature) applied to a
 * 50-page PDF, against the same document merely re-saved by the engine (edit-metadata), and peak memory.
 *   npm run bench:edit   (BENCH_RUNS=5 by default)
 * Prints figures; never asserts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { runTool } from '@wattle/pdf-engine';
import { textPdf } from '@wattle/pdf-engine/test/fixtures';
import type { ToolId } from '@wattle/shared';
import { median, secs, startRssSampler, timed } from '../engines/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = 50;

const root = await mkdtemp(join(tmpdir(), 'wattle-bench-edit-'));
const input = { path: join(root, 'fifty.pdf'), filename: 'fifty.pdf' };
await writeFile(input.path, await textPdf(PAGES));

const photo = (await sharp({ create: { width: 600, height: 400, channels: 3, background: '#4A7A9C' } }).jpeg().toBuffer()).toString('base64');
const signature = (
  await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 80 10, 120 110, 200 50 S 320 20, 390 80" stroke="#0D47A1" stroke-width="6" fill="none"/></svg>'))
    .png()
    .toBuffer()
).toString('base64');

/** Four operations a page for 50 pages: a text box, a shape, a highlight or note, an image every few pages. */
const operations = Array.from({ length: 200 }, (_, i) => {
  const page = (i % PAGES) + 1;
  const y = 60 + Math.floor(i / PAGES) * 150;
  switch (Math.floor(i / PAGES)) {
    case 0:
      return { type: 'text', page, x: 72, y, text: `Reviewed page ${page}\nApproved for payment`, size: 12, bold: true };
    case 1:
      return { type: 'rectangle', page, x: 72, y, width: 200, height: 60, stroke: '#C62828', strokeWidth: 2 };
    case 2:
      return page % 2 ? { type: 'highlight', page, rects: [{ x: 72, y, width: 200, height: 14 }] } : { type: 'note', page, x: 400, y, text: 'Checked.', author: 'Bench' };
    default:
      return { type: 'image', page, x: 72, y, width: 150, height: page === PAGES ? 45 : 100, data: page === PAGES || page % 10 === 0 ? signature : photo };
  }
});

let jobs = 0;
async function run(tool: ToolId, options: unknown) {
  const dir = join(root, `job-${++jobs}`);
  await mkdir(join(dir, 'out'), { recursive: true });
  return timed(() => runTool(tool, { inputs: [input], options, workDir: join(dir, 'work'), outputDir: join(dir, 'out') }));
}

const sampler = startRssSampler();
const resave: number[] = [];
const edited: number[] = [];
for (let i = 0; i < RUNS; i++) {
  resave.push((await run('edit-metadata', { title: 'Re-saved' })).ms);
  edited.push((await run('edit', { version: 1, operations })).ms);
}
const memory = sampler.stop();
console.log(`re-save ${PAGES} pages (edit-metadata): ${secs(median(resave))} median of ${RUNS}`);
console.log(`edit ${PAGES} pages, 200 operations: ${secs(median(edited))} median of ${RUNS} (${(median(edited) / median(resave)).toFixed(1)}x the re-save)`);
console.log(`peak memory: node ${memory.nodePeakMiB.toFixed(0)} MiB, node + engines ${memory.treePeakMiB.toFixed(0)} MiB`);
await rm(root, { recursive: true, force: true });
