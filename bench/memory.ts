/**
 * Memory of the app as `npm run serve` starts it (embedded defaults: PGlite, local files, a temp data dir):
 *   npm run bench:memory     (BENCH_JOBS=60,600,2000 BENCH_OFFICE_RUNS=5 BENCH_OFFICE_IDLE=20)
 * Starts it twice (the first start makes the database; the second is every restart after it).
 * Samples the resident memory of every process: the app (the server and all it runs: engines,
 * LibreOffice) and, apart, the launcher (npm, sh) that `npm run` leaves waiting. Prints the start-up
 * peak, at rest, after BENCH_JOBS small jobs in all (visitors' merges of 2 files x 1 page, followed on
 * their event streams, outputs downloaded), with LibreOffice warm, and after its idle stop
 * (OFFICE_IDLE_SECONDS=BENCH_OFFICE_IDLE). Also office-to-pdf through the API: the first document
 * (LibreOffice starts), warm ones, and a cold `soffice --convert-to` alternated with the warm ones.
 * Prints figures; never asserts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../e2e/support/free-port.ts';
import { docxDocument } from '../packages/pdf-engine/src/test/office-docs.ts';
import { textPdf } from '../packages/pdf-engine/src/test/fixtures.ts';
import { median, mib, secs } from './engines/measure.ts';
import { browser, waitForHealth, type Browser } from './load/browser.ts';

const MILESTONES = (process.env.BENCH_JOBS ?? '60,600,2000').split(',').filter(Boolean).map(Number);
const OFFICE_RUNS = Number(process.env.BENCH_OFFICE_RUNS ?? 5);
const OFFICE_IDLE = Number(process.env.BENCH_OFFICE_IDLE ?? 20);
const AT_ONCE = 4;
const REST_MS = 10_000;
const repoRoot = resolve(import.meta.dirname, '..');
const root = await mkdtemp(join(tmpdir(), 'wattle-bench-memory-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  pid: number;
  rss: number;
  command: string;
}

/** The process and its descendants, each with its resident memory. */
function processTree(pid: number): Proc[] {
  const found: Proc[] = [];
  const stack = [pid];
  while (stack.length) {
    const current = stack.pop()!;
    try {
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${current}/status`, 'latin1'))?.[1] ?? 0) * 1024;
      const command = readFileSync(`/proc/${current}/cmdline`, 'latin1').replace(/\0/g, ' ').trim();
      found.push({ pid: current, rss, command });
      for (const thread of readdirSync(`/proc/${current}/task`)) {
        for (const child of readFileSync(`/proc/${current}/task/${thread}/children`, 'latin1').split(' ')) if (child.trim()) stack.push(Number(child));
      }
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** npm and the shell it runs the script in only wait for the app: counted apart. */
const isLauncher = (p: Proc) => /^(npm|node \S*npm(-cli)?\.js|node \S*\/npm\b|sh -c )/.test(p.command) || /\bnpm run\b/.test(p.command);

function sample() {
  const all = processTree(server.pid!);
  const app = all.filter((p) => !isLauncher(p));
  return { app: app.reduce((n, p) => n + p.rss, 0), launcher: all.filter(isLauncher).reduce((n, p) => n + p.rss, 0), procs: app };
}

/** Peak of the app's memory, sampled every 25 ms until stopped. */
function peakOf() {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, sample().app)), 25);
  return () => {
    clearInterval(timer);
    return Math.max(peak, sample().app);
  };
}

/** After a rest: the median of ten samples over two seconds. */
async function atRest(): Promise<number> {
  await sleep(REST_MS);
  const values: number[] = [];
  for (let i = 0; i < 10; i++) {
    values.push(sample().app);
    await sleep(200);
  }
  return median(values);
}

const describeApp = () =>
  sample()
    .procs.map((p) => `${mib(p.rss)} ${p.command.replace(repoRoot + '/', '').slice(0, 70)}`)
    .join('\n    ');

// The inputs, made before the server starts.
const small = [await textPdf(1), await textPdf(1)];
const docxPath = join(root, 'report.docx');
await writeFile(docxPath, await docxDocument(10));
const docx = await readFile(docxPath);

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let server: ChildProcess;

/** `npm run serve` on the bench's data dir: prints how long it took to answer, its peak and its rest. */
async function start(what: string): Promise<void> {
  server = spawn('npm', ['run', '-s', 'serve'], {
    cwd: repoRoot,
    detached: true, // its own process group, stopped as one
    env: { ...process.env, DATA_DIR: join(root, 'data'), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, LOG_LEVEL: 'warn', TRUSTED_PROXY: 'true', OFFICE_IDLE_SECONDS: String(OFFICE_IDLE) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const startPeak = peakOf();
  const startedAt = performance.now();
  await waitForHealth(origin, server);
  const readyMs = performance.now() - startedAt;
  await sleep(5000); // what start-up leaves running (pg-boss maintenance, first periodic jobs) settles
  const peakAtStart = startPeak();
  console.log(`${what}: healthy after ${secs(readyMs)}; peak ${mib(peakAtStart)} (launcher: npm and sh, ${mib(sample().launcher)} more)`);
  console.log(`at rest: ${mib(await atRest())}\n    ${describeApp()}`);
}

async function stop(): Promise<void> {
  process.kill(-server.pid!, 'SIGTERM');
  await once(server, 'exit');
  // npm exits before the server it ran has closed: the next start must not find this one still answering.
  while (groupAlive(server.pid!)) await sleep(50);
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

// Whatever happens to the bench, the app goes with it.
process.on('exit', () => {
  if (groupAlive(server.pid!)) process.kill(-server.pid!, 'SIGTERM'); // npm ended by a signal has no exit code
});

console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}; launcher and app started with npm run serve\n`);
// The first start also makes the database; every later one opens it, as a restart or deploy does.
await start('first start (makes the database)');
await stop();
await start('start-up');

const visitor = (address: string) => browser(origin, address);
type Visitor = Browser;

/** Submits, follows the job's event stream to its end (as the web does), downloads the output. */
async function runJob(client: Visitor, tool: string, files: { name: string; bytes: Uint8Array; type: string }[]): Promise<number> {
  const started = performance.now();
  const form = new FormData();
  form.append('tool', tool);
  for (const f of files) form.append('files', new Blob([f.bytes as BlobPart], { type: f.type }), f.name);
  // A visitor's jobs a minute are limited: wait as the app asks, as the web does. A refusal sent before
  // the upload was read can end the connection under it (EPIPE): that is waited out too.
  const submit = () => client('/api/v1/jobs', { method: 'POST', body: form }).catch(() => undefined);
  let res = await submit();
  for (let tries = 0; !res || res.status === 429; tries++) {
    if (tries === 60) throw new Error(`${tool}: refused for a minute`);
    await sleep(Number(res?.headers.get('retry-after') ?? 1) * 1000);
    res = await submit();
  }
  if (res.status !== 202) throw new Error(`${tool}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const text = await (await client(`/api/v1/jobs/${id}/events`)).text();
  const job = JSON.parse(text.split('\n').filter((l) => l.startsWith('data: ')).at(-1)!.slice(6)) as { status: string; error?: unknown; outputs: { downloadUrl: string }[] };
  if (job.status !== 'succeeded') throw new Error(`${tool} ${id} ${job.status}: ${JSON.stringify(job.error)}`);
  const download = await client(job.outputs[0]!.downloadUrl);
  if (download.status !== 200) throw new Error(`download: ${download.status}`);
  await download.arrayBuffer();
  return performance.now() - started;
}

const pdfs = small.map((bytes, i) => ({ name: `part-${i}.pdf`, bytes, type: 'application/pdf' }));
let done = 0;
for (const target of MILESTONES) {
  const peak = peakOf();
  const started = performance.now();
  const count = target - done;
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async (_, lane) => {
      // A fresh visitor every 5 jobs, as many people would be.
      let client!: Visitor;
      for (let mine = done; next < count; mine++) {
        next++;
        if (mine % 5 === 0) client = visitor(`10.${lane}.${Math.floor(mine / 250) % 250}.${mine % 250}`);
        await runJob(client, 'merge', pdfs);
      }
    }),
  );
  done = target;
  const minutes = (performance.now() - started) / 60_000;
  console.log(`after ${done.toLocaleString('en-AU')} small jobs: at rest ${mib(await atRest())}; peak while running ${mib(peak())} (${(count / minutes).toFixed(0)} jobs a minute, ${AT_ONCE} at once)\n    ${describeApp()}`);
}

// LibreOffice: the first document starts it; warm ones alternate with a cold soffice on the same file.
const office = visitor('10.250.0.1');
const docxFile = [{ name: 'report.docx', bytes: docx, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }];
const officePeak = peakOf();
const firstMs = await runJob(office, 'office-to-pdf', docxFile);
const warmMs: number[] = [];
const coldMs: number[] = [];
for (let i = 0; i < OFFICE_RUNS; i++) {
  coldMs.push(coldSoffice(i));
  warmMs.push(await runJob(office, 'office-to-pdf', docxFile));
}
console.log(`\noffice-to-pdf, 10-page DOCX (median of ${OFFICE_RUNS}; best in brackets):`);
console.log(`  through the API, first (LibreOffice starts)   ${secs(firstMs)}`);
console.log(`  through the API, warm                         ${secs(median(warmMs))} (${secs(Math.min(...warmMs))}): ${(firstMs / median(warmMs)).toFixed(1)}x faster than the first`);
console.log(`  cold soffice --convert-to                     ${secs(median(coldMs))} (${secs(Math.min(...coldMs))}): warm through the API ${(median(coldMs) / median(warmMs)).toFixed(1)}x faster`);
console.log(`with LibreOffice: ${mib(sample().app)} (peak ${mib(officePeak())})\n    ${describeApp()}`);
const idleStarted = performance.now();
while (sample().procs.some((p) => /soffice/.test(p.command))) {
  if (performance.now() - idleStarted > (OFFICE_IDLE + 60) * 1000) throw new Error('LibreOffice did not stop when idle');
  await sleep(500);
}
console.log(`LibreOffice stopped ${secs(performance.now() - idleStarted)} after the last document (OFFICE_IDLE_SECONDS=${OFFICE_IDLE}); at rest ${mib(await atRest())}`);
console.log(`\nload average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);

await stop();
await rm(root, { recursive: true, force: true, maxRetries: 10 });

/** `soffice --convert-to` with a fresh profile each time: LibreOffice as a user runs it once. */
function coldSoffice(run: number): number {
  const dir = join(root, `cold-${run}`);
  const started = performance.now();
  const out = spawnSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, docxPath], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`soffice: ${out.stderr}`);
  return performance.now() - started;
}

