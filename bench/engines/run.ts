/**
 * Engine benchmarks against the raw engines on the same inputs, in one run:
 *   npm run bench:engines   (BENCH_SCAN_PAGES=30 BENCH_OCR_PAGES=30 BENCH_BASELINE_OCR_PAGES=10 BENCH_RUNS=3 by default)
 * Prints a table; never asserts (timings belong here, not in tests).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { closeOfficePool, detectEngines, runTool } from '@wattle/pdf-engine';
import type { ToolId } from '@wattle/shared';
import { coldSoffice, ghostscriptEbook, has, ocrmypdf, sequentialTesseract } from './baselines.ts';
import { median, mib, secs, startRssSampler, timed } from './measure.ts';
import { pageToolRows } from './page-tools.ts';

const SCAN_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 30);
const OCR_PAGES = Number(process.env.BENCH_OCR_PAGES ?? 30);
const BASELINE_OCR_PAGES = Math.min(OCR_PAGES, Number(process.env.BENCH_BASELINE_OCR_PAGES ?? 10));

const root = await mkdtemp(join(tmpdir(), 'wattle-bench-'));
const rows: [string, string, string, string][] = [];
const row = (what: string, ours: string, raw: string, note = '') => {
  rows.push([what, ours, raw, note]);
  console.log(`${what}: ours ${ours} | raw ${raw} ${note}`);
};

let jobs = 0;
async function tool(id: ToolId, inputs: { path: string; filename: string }[], options: unknown = {}) {
  const dir = join(root, `job-${++jobs}`);
  await mkdir(join(dir, 'out'), { recursive: true });
  return runTool(id, { inputs, options, workDir: join(dir, 'work'), outputDir: join(dir, 'out') });
}

const input = (name: string) => ({ path: join(root, 'inputs', name), filename: name });

const size = async (path: string) => (await stat(path)).size;
console.log(`generating inputs (${SCAN_PAGES}-page scan, ${OCR_PAGES}-page OCR scan, 10-page DOCX)...`);
execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'make-inputs.ts'), join(root, 'inputs'), String(SCAN_PAGES), String(OCR_PAGES)], { stdio: 'inherit' });
const sampler = startRssSampler();
const engines = await detectEngines();
console.log(`engines: qpdf ${engines.qpdf.version}, poppler ${engines.pdftoppm.version}, tesseract ${engines.tesseract.version}, LibreOffice warm: ${engines.uno.available}, no-network: ${engines.networkIsolation}\n`);

// Merge, split and PDF to image against qpdf and pdftoppm, time a page at each size.
await pageToolRows({
  inputs: join(root, 'inputs'),
  scratch: join(root, 'peers'),
  runs: Number(process.env.BENCH_RUNS ?? 3),
  ours: { engine: (id, files, options) => tool(id, files.map((path) => ({ path, filename: basename(path) })), options) },
  row,
});

// Compress a 30-page 300-dpi scan against Ghostscript /ebook; and a text PDF, which must not grow.
{
  const scan = input('scan.pdf');
  const ours = await timed(() => tool('compress', [scan], { level: 'medium' }));
  const gsOut = join(root, 'scan-gs.pdf');
  const gs = await timed(async () => ghostscriptEbook(scan.path, gsOut));
  const [scanSize, oursSize, gsSize] = await Promise.all([size(scan.path), size(ours.value[0]!.path), size(gsOut)]);
  row(`compress scan ${mib(scanSize)} (medium)`, `${mib(oursSize)} in ${secs(ours.ms)}`, `${mib(gsSize)} in ${secs(gs.ms)}`, `gs /ebook; ${(gs.ms / ours.ms).toFixed(1)}x faster`);

  const text = input('text.pdf');
  const oursText = await timed(() => tool('compress', [text], { level: 'medium' }));
  const gsText = join(root, 'text-gs.pdf');
  const gsTextRun = await timed(async () => ghostscriptEbook(text.path, gsText));
  const [textIn, textOurs, textGs] = await Promise.all([size(text.path), size(oursText.value[0]!.path), size(gsText)]);
  row(`compress 200-page text PDF ${mib(textIn)}`, `${mib(textOurs)} in ${secs(oursText.ms)}`, `${mib(textGs)} in ${secs(gsTextRun.ms)}`, 'ours never larger');
}

// OCR scanned pages against plain sequential tesseract (and ocrmypdf when installed).
{
  const scan = input('ocr-scan.pdf');
  const ours = await timed(() => tool('ocr', [scan], { language: 'eng' }));
  const found = (path: string) => {
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return Array.from({ length: OCR_PAGES }, (_, i) => text.includes(`Invoice ${1001 + i}`)).filter(Boolean).length;
  };
  const seqDir = join(root, 'seq');
  await mkdir(seqDir);
  const seq = await timed(async () => sequentialTesseract(scan.path, BASELINE_OCR_PAGES, seqDir));
  const seqFull = (seq.ms / BASELINE_OCR_PAGES) * OCR_PAGES;
  const note = BASELINE_OCR_PAGES < OCR_PAGES ? `sequential measured on ${BASELINE_OCR_PAGES} pages, scaled to ${OCR_PAGES}` : 'sequential tesseract';
  row(`OCR ${OCR_PAGES} scanned pages`, `${secs(ours.ms)}, ${found(ours.value[0]!.path)}/${OCR_PAGES} page headings found`, secs(seqFull), `${note}; ${(seqFull / ours.ms).toFixed(1)}x faster`);
  if (has('ocrmypdf')) {
    const out = join(root, 'ocrmypdf.pdf');
    const o = await timed(async () => ocrmypdf(scan.path, out));
    row(`OCR ${OCR_PAGES} pages, ocrmypdf -j2`, secs(ours.ms), secs(o.ms), `${found(out)}/${OCR_PAGES} found by ocrmypdf`);
  } else {
    row('ocrmypdf', '-', 'not installed', '');
  }
}

// Office to PDF: a 10-page DOCX, warm listener against cold soffice.
{
  const docx = input('report.docx');
  await tool('office-to-pdf', [docx]); // starts the listener
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push((await timed(() => tool('office-to-pdf', [docx]))).ms);
  const cold: number[] = [];
  for (let i = 0; i < 3; i++) {
    const dir = join(root, `cold-${i}`);
    await mkdir(dir);
    cold.push((await timed(async () => coldSoffice(docx.path, dir, join(dir, 'profile')))).ms);
  }
  row('office-to-pdf 10-page DOCX', `${secs(median(warm))} warm (median of 5)`, `${secs(median(cold))} cold (median of 3)`, `${(median(cold) / median(warm)).toFixed(1)}x faster`);
}

await closeOfficePool();
const memory = sampler.stop();
row('peak memory', `node ${memory.nodePeakMiB.toFixed(0)} MB`, `node + engines ${memory.treePeakMiB.toFixed(0)} MB`, 'sampled every 200 ms');
await rm(root, { recursive: true, force: true });

console.log('\n| Measure | Wattle engine | Raw engine | Note |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
