/**
 * The tools through the whole stack against the engine alone, in one run:
 *   npm run bench:tools        (BENCH_RUNS=5 BENCH_SCAN_PAGES=10 BENCH_OCR_PAGES=5 BENCH_DOCX_PAGES=10)
 * 1. merge 50 files x 5 pages: POST /api/v1/jobs (multipart upload, validation, queue) -> worker ->
 *    outputs, against runTool('merge') in-process on the same files: the API's overhead.
 * 2. peak memory of the process running the worker (and its engines) through merge + compress +
 *    OCR + office-to-pdf jobs.
 * The embedded defaults (PGlite, local blobs, API and worker in one process), as on a laptop; with
 * TEST_DATABASE_URL set, PostgreSQL. Prints figures; never asserts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeOfficePool, runTool } from '@wattle/pdf-engine';
import { docxDocument } from '../../packages/pdf-engine/src/test/office-docs.ts';
import { scanPdf, textPdf } from '../../packages/pdf-engine/src/test/fixtures.ts';
import { createTestContext } from '../../apps/server/src/test/harness.ts';
import { jobForm, postJob, waitForJob, type FormFile } from '../../apps/server/src/test/jobs.ts';
import { signedInUser } from '../../apps/server/src/test/users.ts';
import { startWorker } from '../../apps/server/src/jobs/worker.ts';
import { median, mib, secs, startRssSampler, timed } from '../engines/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCAN_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 10);
const OCR_PAGES = Number(process.env.BENCH_OCR_PAGES ?? 5);
const DOCX_PAGES = Number(process.env.BENCH_DOCX_PAGES ?? 10);

const root = await mkdtemp(join(tmpdir(), 'wattle-bench-tools-'));
// Inputs first, so making them (sharp, pdf-lib) does not count towards the worker's memory.
const parts: FormFile[] = await Promise.all(Array.from({ length: 50 }, async (_, i) => ({ name: `part-${i}.pdf`, bytes: await textPdf(5) })));
const heavy: [string, FormFile[], unknown?][] = [
  ['compress', [{ name: 'scan.pdf', bytes: await scanPdf(SCAN_PAGES, 300) }], { level: 'medium' }],
  ['ocr', [{ name: 'ocr.pdf', bytes: await scanPdf(OCR_PAGES, 300, (n) => `Invoice ${1000 + n} Wattle Pty Ltd`) }], { language: 'eng' }],
  ['office-to-pdf', [{ name: 'report.docx', bytes: await docxDocument(DOCX_PAGES) }]],
];
const sampler = startRssSampler();
const ctx = await createTestContext({ LOG_LEVEL: 'silent' });
const worker = await startWorker(ctx.container, []);
const { client } = await signedInUser(ctx);
console.log(`database: ${ctx.container.database.kind}, storage: ${ctx.container.blobStore.kind}, runs: ${RUNS}\n`);

/** Submits over HTTP and follows the job's SSE stream to its end; times both halves. */
async function viaApi(tool: string, files: FormFile[], options?: unknown) {
  const started = performance.now();
  const res = await postJob(client, jobForm(tool, files, { options }));
  if (res.status !== 202) throw new Error(`${tool}: ${res.status} ${await res.text()}`);
  const accepted = performance.now();
  const job = await waitForJob(client, (await res.json()).id);
  if (job.status !== 'succeeded') throw new Error(`${tool} failed: ${JSON.stringify(job.error)}`);
  const done = performance.now();
  return { job, submitMs: accepted - started, totalMs: done - started, serverMs: Date.parse(job.finishedAt!) - Date.parse(job.createdAt) };
}

// 1. Merge overhead.
const partPaths = await Promise.all(
  parts.map(async (part) => {
    const path = join(root, part.name);
    await writeFile(path, part.bytes);
    return { path, filename: part.name };
  }),
);
const engineMs: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dir = join(root, `engine-${i}`);
  await mkdir(join(dir, 'out'), { recursive: true });
  engineMs.push((await timed(() => runTool('merge', { inputs: partPaths, options: {}, workDir: join(dir, 'work'), outputDir: join(dir, 'out') }))).ms);
  await rm(dir, { recursive: true, force: true });
}
const api = [];
for (let i = 0; i < RUNS; i++) api.push(await viaApi('merge', parts));
const totalMs = median(api.map((r) => r.totalMs));
const engine = median(engineMs);
console.log('merge 50 files x 5 pages (medians):');
console.log(`  engine alone (runTool in-process)        ${secs(engine)}`);
console.log(`  through the API, client-observed         ${secs(totalMs)}   (upload+validate+enqueue ${secs(median(api.map((r) => r.submitMs)))}, created->finished on the server ${secs(median(api.map((r) => r.serverMs)))})`);
console.log(`  overhead                                 ${secs(totalMs - engine)} (${((totalMs / engine - 1) * 100).toFixed(0)}%)\n`);

// 2. Peak memory through a run of the heavier tools.
for (const [tool, files, options] of heavy) {
  const result = await viaApi(tool, files, options);
  const output = result.job.outputs[0]!;
  console.log(`${tool.padEnd(14)} ${mib(files[0]!.bytes.length).padStart(8)} -> ${mib(output.size).padStart(8)}, ${output.pages} pages, ${secs(result.totalMs)} through the API (server ${secs(result.serverMs)})`);
}

const peak = sampler.stop();
console.log(`\npeak memory of the process running the worker, with its engines (and the API, embedded): ${peak.treePeakMiB.toFixed(0)} MiB`);

await worker.stop();
await closeOfficePool();
await ctx.close();
await rm(root, { recursive: true, force: true });
