/**
 * The tools through the whole stack against the engine alone, in one run:
 *   npm run bench:tools     (BENCH_RUNS=5 BENCH_SCAN_PAGES=10 BENCH_OCR_PAGES=5 BENCH_DOCX_PAGES=10)
 * 1. merge of 10, 50 and 200 files, split of 1,000 pages, PDF to image of 100 pages: POST /api/v1/jobs
 *    (multipart upload, validation, queue) -> worker -> outputs, and runTool in-process on the same
 *    files, each against qpdf or pdftoppm in the same run: time a page, and the API's overhead.
 *    With the worker's peak memory (with its engines) during each size through the API: it should not
 *    grow with the pages or the files.
 * 2. peak memory of the worker (with its engines) through merge + compress + OCR + office-to-pdf.
 * Embedded defaults by default (PGlite: API and worker share this process, so the memory is theirs
 * together). With TEST_DATABASE_URL (PostgreSQL) the worker is its own `APP_ROLES=worker` process and
 * only it is measured. Prints figures; never asserts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { closeOfficePool, runTool } from '@wattle/pdf-engine';
import { createTestContext, type TestContext } from '../../apps/server/src/test/harness.ts';
import { jobForm, postJob, waitForJob, type FormFile } from '../../apps/server/src/test/jobs.ts';
import { signedInUser } from '../../apps/server/src/test/users.ts';
import { startWorker } from '../../apps/server/src/jobs/worker.ts';
import { median, mib, secs } from '../engines/measure.ts';
import { pageToolRows } from '../engines/page-tools.ts';
import { peakSampler, treeRss } from './process-memory.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const repoRoot = resolve(import.meta.dirname, '../..');
const root = await mkdtemp(join(tmpdir(), 'wattle-bench-tools-'));

// Inputs, made by another process.
const made = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/tools/fixtures.ts'), root], { stdio: 'inherit', env: process.env });
if (made.status !== 0) throw new Error('could not make the inputs');
const read = async (name: string): Promise<FormFile> => ({ name, bytes: await readFile(join(root, name)) });

const ctx = await createTestContext({ LOG_LEVEL: 'silent' });
const separate = ctx.container.database.kind === 'postgres';
const worker = separate ? await startWorkerProcess(ctx) : await startWorker(ctx.container, { periodic: false });
const workerPid = separate ? (worker as ChildProcess).pid! : process.pid;
const { client } = await signedInUser(ctx);
console.log(
  `database: ${ctx.container.database.kind}; worker: ${separate ? `its own process (pid ${workerPid})` : 'in this process, with the API'}; ` +
    `at rest ${mib(treeRss(workerPid))}; runs: ${RUNS}\n`,
);

/** Submits over HTTP and follows the job's SSE stream to its end; times both halves. */
async function viaApi(tool: string, files: FormFile[], options?: unknown) {
  const started = performance.now();
  const res = await postJob(client, jobForm(tool, files, { options }));
  if (res.status !== 202) throw new Error(`${tool}: ${res.status} ${await res.text()}`);
  const accepted = performance.now();
  const job = await waitForJob(client, (await res.json()).id);
  if (job.status !== 'succeeded') throw new Error(`${tool} failed: ${JSON.stringify(job.error)}`);
  return { job, submitMs: accepted - started, totalMs: performance.now() - started, serverMs: Date.parse(job.finishedAt!) - Date.parse(job.createdAt) };
}

// 1. Merge, split and PDF to image: the engine alone and through the API, each against qpdf or
// pdftoppm, taking turns, with the time a page at each size; the API's overhead is the difference.
const pagesDir = join(root, 'pages');
const formFiles = new Map<string, FormFile>();
const asForm = async (path: string) => formFiles.get(path) ?? formFiles.set(path, { name: basename(path), bytes: await readFile(path) }).get(path)!;
let engineJobs = 0;
const phases = new Map<string, Awaited<ReturnType<typeof viaApi>>[]>();
const apiPeaks = new Map<string, { tree: number; own: number }>();
const pageToolMemory = peakSampler(workerPid);
const measured = await pageToolRows({
  inputs: pagesDir,
  scratch: join(root, 'peers'),
  runs: RUNS,
  ours: {
    engine: async (tool, files, options) => {
      const dir = join(root, `engine-${++engineJobs}`);
      await mkdir(join(dir, 'out'), { recursive: true });
      await runTool(tool, { inputs: files.map((path) => ({ path, filename: basename(path) })), options: options ?? {}, workDir: join(dir, 'work'), outputDir: join(dir, 'out') });
      await rm(dir, { recursive: true, force: true });
    },
    API: async (tool, files, options) => {
      const form = await Promise.all(files.map(asForm));
      const memory = peakSampler(workerPid);
      const result = await viaApi(tool, form, options);
      const key = `${tool} of ${files.length} file${files.length === 1 ? '' : 's'}`;
      const [tree, own, before] = [memory.stop(), memory.ownPeak(), apiPeaks.get(key)];
      apiPeaks.set(key, { tree: Math.max(before?.tree ?? 0, tree), own: Math.max(before?.own ?? 0, own) });
      phases.set(key, [...(phases.get(key) ?? []), result]);
    },
  },
  row: (what, ours, peer, note) => console.log(`${what}\n  ours ${ours}\n  peer ${peer}\n  ${note}`),
});
const peaks = [pageToolMemory.stop()];
console.log('\nthe API\'s own overhead (API median - engine median):');
for (const [what, times] of Object.entries(measured)) console.log(`  ${what.padEnd(44)} ${secs(median(times.API!) - median(times.engine!))}`);
console.log('through the API, in parts (medians): upload + validate + enqueue (202) | created -> finished on the server');
for (const [key, runs] of phases) console.log(`  ${key.padEnd(44)} ${secs(median(runs.map((r) => r.submitMs)))} | ${secs(median(runs.map((r) => r.serverMs)))}`);
console.log(`the worker's peak memory with its engines during each through the API (${separate ? 'the worker alone' : 'with this bench and its engine runs'}):`);
for (const [key, peak] of apiPeaks) console.log(`  ${key.padEnd(44)} ${mib(peak.tree)} (its own process ${mib(peak.own)})`);
console.log('');

// 2. The heavier tools, one job each, with the worker's peak memory during each.
const heavy: [string, FormFile, unknown?][] = [
  ['compress', await read('scan.pdf'), { level: 'medium' }],
  ['ocr', await read('ocr.pdf'), { language: 'eng' }],
  ['office-to-pdf', await read('report.docx')],
];
for (const [tool, file, options] of heavy) {
  const memory = peakSampler(workerPid);
  const result = await viaApi(tool, [file], options);
  const peak = memory.stop();
  peaks.push(peak);
  const output = result.job.outputs[0]!;
  console.log(
    `${tool.padEnd(14)} ${mib(file.bytes.length).padStart(8)} -> ${mib(output.size).padStart(8)}, ${output.pages} pages, ` +
      `${secs(result.totalMs)} through the API (server ${secs(result.serverMs)}), worker peak ${mib(peak)}`,
  );
}
console.log(`\npeak memory of the worker with its engines, whole run: ${mib(Math.max(...peaks))}`);

if (separate) {
  (worker as ChildProcess).kill('SIGTERM');
  await once(worker as ChildProcess, 'exit');
} else {
  await (worker as { stop(): Promise<void> }).stop();
}
await closeOfficePool();
await ctx.close();
await rm(root, { recursive: true, force: true });

/** `main.ts` as a worker only (with this bench's Node flags, those of `npm run serve`), on the same database and data dir; ready when it says so. */
async function startWorkerProcess(context: TestContext): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...process.execArgv, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      GLIBC_TUNABLES: process.env.GLIBC_TUNABLES, // as npm run serve (performance log §120)
      APP_ROLES: 'worker',
      DATABASE_URL: context.container.database.connectionString,
      DATA_DIR: context.dataDir,
      AUTH_SECRET: context.container.authSecret,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('worker started')) {
    const [chunk] = await Promise.race([once(child.stdout!, 'data'), once(child, 'exit').then(() => ['EXIT'])]);
    if (String(chunk) === 'EXIT') throw new Error(`the worker exited: ${output}`);
  }
  return child;
}
