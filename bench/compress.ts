/**
 * Compress on born-digital PDFs against Ghostscript /ebook, measured in the same run:
 *   npm run bench:compress   (BENCH_RUNS=3 by default)
 * Inputs: the pdfTeX manuals Debian ships (when installed), a 30-page LibreOffice export and a
 * merge of about 500 pages of the manuals and 25-page exports. Runs of the two sides alternate; medians are printed, with the
 * bytes, and whether pdftotext reads the same text before and after. Never asserts.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runTool } from '@wattle/pdf-engine';
import type { ToolId } from '@wattle/shared';
import { libreOfficePdfs } from '../packages/pdf-engine/src/test/corpus.ts';
import { PDFTEX_MANUALS } from '../packages/pdf-engine/src/test/born-digital.ts';
import { docxDocument } from '../packages/pdf-engine/src/test/office-docs.ts';
import { ghostscriptEbook } from './engines/baselines.ts';
import { median, secs, timed } from './engines/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LEVELS = ['low', 'medium', 'high'] as const;
const root = await mkdtemp(join(tmpdir(), 'wattle-bench-compress-'));

let jobs = 0;
async function tool(id: ToolId, paths: string[], options: unknown = {}) {
  const dir = join(root, `job-${++jobs}`);
  await mkdir(join(dir, 'out'), { recursive: true });
  const inputs = paths.map((path) => ({ path, filename: basename(path) }));
  return runTool(id, { inputs, options, workDir: join(dir, 'work'), outputDir: join(dir, 'out') });
}

console.log('generating inputs (LibreOffice exports of generated DOCX, a 500-page merge)...');
const exports = await libreOfficePdfs(root, await Promise.all(['a', 'b', 'c', 'd'].map(async (name, i) => ({ name: `report-${name}.docx`, bytes: await docxDocument(i === 0 ? 30 : 25, `Report ${name}`) }))));
const [report30, ...parts25] = exports as [string, ...string[]];
// About 500 pages as people merge them: the manuals and the 25-page reports in turn, each several times.
const pageCount = (path: string) => Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }));
const cycle = [...PDFTEX_MANUALS, ...parts25];
const parts: string[] = [];
for (let pages = 0; pages < 500; ) {
  const next = cycle[parts.length % cycle.length]!;
  parts.push(next);
  pages += pageCount(next);
}
const [merged] = await tool('merge', parts);
const merge500 = join(root, 'merge-500.pdf');
await copyFile(merged!.path, merge500);
const inputs = [...PDFTEX_MANUALS.map((p) => ({ name: `pdfTeX ${basename(p)}`, path: p })), { name: '30-page LibreOffice export', path: report30 }, { name: `${pageCount(merge500)}-page merge of ${parts.length} files`, path: merge500 }];

const size = async (path: string) => (await stat(path)).size;
const text = (path: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const kb = (bytes: number) => bytes.toLocaleString('en-AU');

const rows: string[][] = [];
for (const input of inputs) {
  const ours = Object.fromEntries(LEVELS.map((l) => [l, { ms: [] as number[], bytes: 0, sameText: false }]));
  const gs = { ms: [] as number[], bytes: 0 };
  const gsOut = join(root, `gs-${jobs}.pdf`);
  for (let run = 0; run < RUNS; run++) {
    for (const level of LEVELS) {
      const { ms, value } = await timed(() => tool('compress', [input.path], { level }));
      ours[level]!.ms.push(ms);
      ours[level]!.bytes = await size(value[0]!.path);
      if (run === 0) ours[level]!.sameText = text(value[0]!.path) === text(input.path);
    }
    gs.ms.push((await timed(async () => ghostscriptEbook(input.path, gsOut))).ms);
    gs.bytes = await size(gsOut);
  }
  const before = await size(input.path);
  for (const level of LEVELS) {
    const o = ours[level]!;
    rows.push([input.name, level, kb(before), `${kb(o.bytes)} in ${secs(median(o.ms))}`, `${kb(gs.bytes)} in ${secs(median(gs.ms))}`, o.bytes <= gs.bytes ? 'no larger' : `${(((o.bytes - gs.bytes) / gs.bytes) * 100).toFixed(0)}% larger`, o.sameText ? 'same' : 'DIFFERS']);
    console.log(rows.at(-1)!.join(' | '));
  }
}
await rm(root, { recursive: true, force: true });

console.log(`\nMedians of ${RUNS} alternated runs; Ghostscript at the same priority as our engines.`);
console.log('| Input | Level | Bytes before | Ours (bytes, s) | gs /ebook (bytes, s) | Ours vs gs | Text (pdftotext) |\n|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
