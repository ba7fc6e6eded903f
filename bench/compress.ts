/**
 * Compress and OCR against their peers, measured in the same run:
 *   npm run bench:compress   (BENCH_RUNS=3, BENCH_PARTS=born-digital,scans,ocr by default)
 * born-digital: the pdfTeX manuals Debian ships (when installed), a 30-page LibreOffice export and a
 *   merge of about 500 pages, at each level against Ghostscript /ebook, with pdftotext's text compared.
 * scans: a generated 30-page 300-dpi scan, medium against /ebook and high against /screen.
 * ocr: 1, 10 and 30 scanned pages, seconds per page (against ocrmypdf when installed).
 * Runs of the two sides alternate; medians and minimums are printed with the bytes. Never asserts.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runTool } from '@wattle/pdf-engine';
import type { ToolId } from '@wattle/shared';
import { libreOfficePdfs } from '../packages/pdf-engine/src/test/corpus.ts';
import { PDFTEX_MANUALS } from '../packages/pdf-engine/src/test/born-digital.ts';
import { scanPdf } from '../packages/pdf-engine/src/test/fixtures.ts';
import { docxDocument } from '../packages/pdf-engine/src/test/office-docs.ts';
import { ghostscriptEbook, ghostscriptScreen, has, ocrmypdf } from './engines/baselines.ts';
import { median, mib, secs, timed } from './engines/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PARTS = (process.env.BENCH_PARTS ?? 'born-digital,scans,ocr').split(',');
const LEVELS = ['low', 'medium', 'high'] as const;
const root = await mkdtemp(join(tmpdir(), 'wattle-bench-compress-'));

let jobs = 0;
async function tool(id: ToolId, paths: string[], options: unknown = {}) {
  const dir = join(root, `job-${++jobs}`);
  await mkdir(join(dir, 'out'), { recursive: true });
  const inputs = paths.map((path) => ({ path, filename: basename(path) }));
  return runTool(id, { inputs, options, workDir: join(dir, 'work'), outputDir: join(dir, 'out') });
}

const size = async (path: string) => (await stat(path)).size;
const text = (path: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const kb = (bytes: number) => bytes.toLocaleString('en-AU');
const spread = (ms: number[]) => `${secs(median(ms))} (min ${secs(Math.min(...ms))})`;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const tables: string[] = [];

if (PARTS.includes('born-digital')) {
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
  tables.push(
    `Born-digital: medians of ${RUNS} alternated runs; Ghostscript at the same priority as our engines.`,
    '| Input | Level | Bytes before | Ours (bytes, s) | gs /ebook (bytes, s) | Ours vs gs | Text (pdftotext) |\n|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  );
}

if (PARTS.includes('scans')) {
  console.log('generating a 30-page 300-dpi scan...');
  const scan = join(root, 'scan-30.pdf');
  await writeFile(scan, await scanPdf(30, 300));
  const peers = [
    { level: 'medium', peer: '/ebook', gs: ghostscriptEbook },
    { level: 'high', peer: '/screen', gs: ghostscriptScreen },
  ] as const;
  const rows: string[] = [];
  for (const { level, peer, gs } of peers) {
    const ours = { ms: [] as number[], bytes: 0 };
    const theirs = { ms: [] as number[], bytes: 0 };
    const gsOut = join(root, `scan-gs-${level}.pdf`);
    for (let run = 0; run < RUNS; run++) {
      const { ms, value } = await timed(() => tool('compress', [scan], { level }));
      ours.ms.push(ms);
      ours.bytes = await size(value[0]!.path);
      theirs.ms.push((await timed(async () => gs(scan, gsOut))).ms);
      theirs.bytes = await size(gsOut);
    }
    const faster = `${(median(theirs.ms) / median(ours.ms)).toFixed(1)}x (min ${(Math.min(...theirs.ms) / Math.min(...ours.ms)).toFixed(1)}x)`;
    rows.push(`| ${mib(await size(scan))} | ${level} | ${mib(ours.bytes)} in ${spread(ours.ms)} | ${peer} ${mib(theirs.bytes)} in ${spread(theirs.ms)} | ${faster} | ${ours.bytes <= theirs.bytes ? 'no larger' : 'LARGER'} |`);
    console.log(rows.at(-1), `load ${load()}`);
  }
  tables.push(
    `\n30-page 300-dpi scan: medians (and minimums) of ${RUNS} alternated runs; load average now ${load()}.`,
    '| Scan | Level | Ours | Ghostscript | Ours faster | Ours vs gs |\n|---|---|---|---|---|---|',
    ...rows,
  );
}

if (PARTS.includes('ocr')) {
  const sizes = [1, 10, 30];
  console.log(`generating scans of ${sizes.join(', ')} pages to read...`);
  const scans = await Promise.all(
    sizes.map(async (pages) => {
      const path = join(root, `ocr-${pages}.pdf`);
      await writeFile(path, await scanPdf(pages, 300, (page) => `Invoice ${1000 + page} Wattle Pty Ltd`));
      return { pages, path };
    }),
  );
  const peer = has('ocrmypdf');
  const rows: string[] = [];
  for (const { pages, path } of scans) {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      ours.push((await timed(() => tool('ocr', [path], { language: 'eng' }))).ms / pages);
      if (peer) theirs.push((await timed(async () => ocrmypdf(path, join(root, `ocrmypdf-${pages}.pdf`)))).ms / pages);
    }
    rows.push(`| ${pages} | ${spread(ours)} | ${peer ? spread(theirs) : 'not installed'} |`);
    console.log(rows.at(-1), `load ${load()}`);
  }
  tables.push(`\nOCR, seconds per page: medians (and minimums) of ${RUNS} runs${peer ? ', alternated with ocrmypdf -j2' : ''}; load average now ${load()}.`, '| Pages | Ours per page | ocrmypdf per page |\n|---|---|---|', ...rows);
}
await rm(root, { recursive: true, force: true });
console.log(`\n${tables.join('\n')}`);
