/**
 * Many small jobs at once through the app as visitors use it, and one big merge against qpdf:
 *   npm run bench:load     (BENCH_VISITORS=20 BENCH_JOBS=3 BENCH_RUNS=3 BENCH_POLLS=100,500 BENCH_RATE=600 BENCH_PACED_JOBS=120)
 * Starts the server (`apps/server/src/main.ts`, embedded defaults: PGlite, local files) on a temp data
 * dir as its own process, with the event-loop monitor of loop-delay.ts preloaded, then:
 * 1. each of BENCH_VISITORS visitors (own cookie, own address) runs BENCH_JOBS merges of 2 files of 5
 *    pages one after another: submit, poll GET /api/v1/jobs/:id every N ms, download. Prints jobs a
 *    minute, p50/p99 from submit to downloaded, the CPU a job, the server's event-loop delay and its
 *    peak memory (with its engines), for each polling interval, after the first such load since
 *    start-up (printed on its own).
 * 2. unless BENCH_HEAVY=0: the load of step 1 at the first polling interval, BENCH_RUNS times alone and
 *    BENCH_RUNS times while heavy jobs run the whole time (2 OCR of a 3-page scan and 1 compress of a
 *    4-page one, under a visitor's 10 MB; each resubmitted as it finishes by a new visitor), alternated:
 *    jobs a minute, p50/p99, heavy jobs finished meanwhile and the ratio of the p99s (the heavy pools
 *    must not slow light jobs). Then the same at a steady BENCH_RATE small jobs a minute (600, the
 *    goal's), each from a new visitor and submitted on time whatever the server's pace, BENCH_PACED_JOBS
 *    a run: p50/p99 alone and beside the heavy jobs. The closed load shows what the heavy jobs take from
 *    a saturated server; the steady one whether light jobs wait longer at the rate the goal asks for.
 *    Before that, each heavy job BENCH_RUNS times on its own: its time and the CPU the server's own
 *    process spent on it (uploads, checks, parsing, garbage collection; not its engines).
 * 3. merge 50 files x 5 pages through the API (followed on the job's event stream, as the web does)
 *    against `qpdf --empty --pages` on the same files, alternated, median and min, with the server's
 *    event-loop delay during the API runs.
 * 4. how long starting one engine blocks the event loop of a process the server's size (~600 MB):
 *    child_process.spawn in it against handing the command to the engine launcher.
 * BENCH_APP_ROOT runs another checkout's server instead (the code before a change, with node_modules
 * linked to this one's), so before and after can be run by turns on the same machine.
 * Prints figures; never asserts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startCommand } from '../../packages/pdf-engine/src/process/run-command.ts';
import { scanPdf, textPdf } from '../../packages/pdf-engine/src/test/fixtures.ts';
import { freePort } from '../../e2e/support/free-port.ts';
import { mailedLink } from '../../e2e/support/outbox.ts';
import { median, mib, secs } from '../engines/measure.ts';
import { peakSampler } from '../tools/process-memory.ts';
import { browser, waitForHealth, type Browser } from './browser.ts';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 20);
const JOBS = Number(process.env.BENCH_JOBS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POLLS = (process.env.BENCH_POLLS ?? '100,500').split(',').filter(Boolean).map(Number);
const HEAVY = process.env.BENCH_HEAVY !== '0';
const RATE = Number(process.env.BENCH_RATE ?? 600);
const PACED_JOBS = Number(process.env.BENCH_PACED_JOBS ?? 120);
const appRoot = resolve(process.env.BENCH_APP_ROOT ?? resolve(import.meta.dirname, '../..'));
const root = await mkdtemp(join(tmpdir(), 'wattle-bench-load-'));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

// Inputs: two small PDFs for the load, fifty for the big merge.
const small = [await textPdf(5), await textPdf(5)];
const parts: string[] = [];
await mkdir(join(root, 'parts'));
for (let i = 0; i < 50; i++) {
  const path = join(root, 'parts', `part-${String(i).padStart(2, '0')}.pdf`);
  await writeFile(path, await textPdf(5));
  parts.push(path);
}
const partBytes = await Promise.all(parts.map((p) => readFile(p)));

// The server, as `npm run serve` starts it (this bench runs with the same Node flags, scripts/server-node.sh), on a temp data dir.
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...process.execArgv, '--import', join(import.meta.dirname, 'loop-delay.ts'), join(appRoot, 'apps/server/src/main.ts')], {
  cwd: appRoot,
  env: { ...process.env, DATA_DIR: join(root, 'data'), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, LOG_LEVEL: 'warn', TRUSTED_PROXY: 'true', APP_ROLES: 'api,worker' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await waitForHealth(origin, server);
console.log(`server ${appRoot}, pid ${server.pid} on ${origin}; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);

const loopDelay = async (): Promise<LoopDelay> => {
  server.send('loop-delay:read');
  const [message] = (await once(server, 'message')) as [{ loopDelay: LoopDelay }];
  return message.loopDelay;
};
const showDelay = (d: LoopDelay) => `event-loop delay p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms, max ${d.max.toFixed(1)} ms`;

const visitor = (address: string) => browser(origin, address);
type Visitor = Browser;

function toolForm(tool: string, files: Uint8Array[]): FormData {
  const form = new FormData();
  form.append('tool', tool);
  files.forEach((bytes, i) => form.append('files', new Blob([bytes as BlobPart], { type: 'application/pdf' }), `part-${i}.pdf`));
  return form;
}

interface JobState {
  id: string;
  status: string;
  outputs: { downloadUrl: string }[];
  error?: unknown;
  createdAt: string;
  finishedAt: string | null;
}

/** How long a visitor waited for a job, from submitting to having downloaded it, and how much of that the server took (created -> finished). */
interface Waited {
  ms: number;
  serverMs: number;
}

async function submit(client: Visitor, files: Uint8Array[], tool = 'merge'): Promise<JobState> {
  const res = await client('/api/v1/jobs', { method: 'POST', body: toolForm(tool, files) });
  if (res.status !== 202) throw new Error(`submit: ${res.status} ${await res.text()}`);
  return (await res.json()) as JobState;
}

async function download(client: Visitor, job: JobState) {
  if (job.status !== 'succeeded') throw new Error(`job ${job.id} ${job.status}: ${JSON.stringify(job.error)}`);
  const res = await client(job.outputs[0]!.downloadUrl);
  if (res.status !== 200) throw new Error(`download: ${res.status}`);
  await res.arrayBuffer();
}

const finished = (job: JobState) => job.status === 'succeeded' || job.status === 'failed';

/** Submit, poll every pollMs, download. */
async function pollingJob(client: Visitor, pollMs: number, files = small, tool = 'merge'): Promise<Waited> {
  const started = performance.now();
  let job = await submit(client, files, tool);
  while (!finished(job)) {
    await sleep(pollMs);
    job = (await (await client(`/api/v1/jobs/${job.id}`)).json()) as JobState;
  }
  await download(client, job);
  return { ms: performance.now() - started, serverMs: Date.parse(job.finishedAt!) - Date.parse(job.createdAt) };
}

/** Submit, follow the job's event stream to its end (as the web does), download. */
async function streamedMerge(client: Visitor, files: Uint8Array[]): Promise<Waited> {
  const started = performance.now();
  const { id } = await submit(client, files);
  const text = await (await client(`/api/v1/jobs/${id}/events`)).text();
  const last = text.split('\n').filter((l) => l.startsWith('data: ')).at(-1);
  const job = JSON.parse(last!.slice(6)) as JobState;
  await download(client, job);
  return { ms: performance.now() - started, serverMs: Date.parse(job.finishedAt!) - Date.parse(job.createdAt) };
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

interface Load {
  waits: number[];
  minutes: number;
  /** CPU time the whole machine spent a job, and the part of it this bench's visitors spent (ms). */
  cpu: { machine: number; visitors: number };
}

/** CPU time of every process on the machine so far (ms), from /proc/stat's first line. */
async function machineCpuMs(): Promise<number> {
  const [, user, nice, system, , , irq, softirq] = (await readFile('/proc/stat', 'latin1')).split('\n')[0]!.trim().split(/\s+/).map(Number);
  return ((user! + nice! + system! + irq! + softirq!) * 1000) / 100; // USER_HZ is 100 on Linux
}
/** The server process's own CPU so far (ms): its threads, not the engines it starts. */
async function serverCpuMs(): Promise<number> {
  const stat = await readFile(`/proc/${server.pid}/stat`, 'latin1');
  const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
  return ((utime! + stime!) * 1000) / 100;
}
let round = 0;
/** The load: every visitor (fresh addresses and cookies each round) runs its merges one after another. */
async function smallLoad(pollMs: number): Promise<Load> {
  round++;
  const started = performance.now();
  const [machineBefore, visitorsBefore] = [await machineCpuMs(), process.cpuUsage()];
  const waits = (
    await Promise.all(
      Array.from({ length: VISITORS }, async (_, v) => {
        const client = visitor(`10.${round}.${v}.1`);
        const mine: number[] = [];
        for (let j = 0; j < JOBS; j++) mine.push((await pollingJob(client, pollMs)).ms);
        return mine;
      }),
    )
  ).flat();
  const visitors = process.cpuUsage(visitorsBefore);
  const perJob = (ms: number) => ms / waits.length;
  const cpu = { machine: perJob((await machineCpuMs()) - machineBefore), visitors: perJob((visitors.user + visitors.system) / 1000) };
  return { waits, minutes: (performance.now() - started) / 60_000, cpu };
}
/** Small jobs submitted every 60/perMinute s whatever the server's pace, each by a new visitor. */
async function pacedLoad(pollMs: number, perMinute: number, count: number): Promise<Waited[]> {
  round++;
  const started = performance.now();
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep(Math.max(0, started + (i * 60_000) / perMinute - performance.now()));
      return pollingJob(visitor(`10.${round}.${i >> 8}.${i & 255}`), pollMs);
    }),
  );
}
const showLoad = ({ waits, minutes }: Load) =>
  `${(waits.length / minutes).toFixed(0)} jobs a minute; submit -> downloaded p50 ${secs(pct(waits, 50))}, p99 ${secs(pct(waits, 99))}`;
const showCpu = ({ cpu }: Load) => `CPU a job ${cpu.machine.toFixed(0)} ms on the machine, ${cpu.visitors.toFixed(0)} ms of it this bench's visitors`;

// 1. The load, once per polling interval.
// The first load after start-up pays for compiling the server's code and filling its pools and caches:
// shown on its own, so the rounds below measure the server as it runs from then on.
{
  await pollingJob(visitor('10.255.0.1'), POLLS[0] ?? 100);
  const first = await smallLoad(POLLS[0] ?? 100);
  console.log(`the first load after start-up (polling every ${POLLS[0] ?? 100} ms): ${showLoad(first)}`);
  console.log(`  ${showCpu(first)}\n`);
}
for (const pollMs of POLLS) {
  server.send('loop-delay:reset');
  const memory = peakSampler(server.pid!);
  const load = await smallLoad(pollMs);
  const delay = await loopDelay();
  console.log(`${VISITORS} visitors x ${JOBS} merges of 2 files x 5 pages, polling every ${pollMs} ms:`);
  console.log(`  ${showLoad(load)}`);
  console.log(`  ${showCpu(load)}`);
  console.log(`  ${showDelay(delay)}; server peak ${mib(memory.stop())} (with its engines)\n`);
}

// 2. The same load alone and while heavy jobs keep their pools busy the whole time, alternated.
if (HEAVY) {
  const pollMs = POLLS[0] ?? 100;
  const ocr = { tool: 'ocr', name: 'OCR of 3 pages', file: await scanPdf(3, 300, (n) => `Invoice ${1000 + n} Wattle Pty Ltd`) };
  const compress = { tool: 'compress', name: 'compress of 4 pages', file: await scanPdf(4, 300) };
  let heavyVisitors = 0;
  /** A new visitor for each heavy job, so rate limits don't bite. */
  const heavyVisitor = () => {
    heavyVisitors++;
    return visitor(`10.250.${heavyVisitors >> 8}.${heavyVisitors & 255}`);
  };
  /** Runs the job again as each finishes until stopped. */
  const keepBusy = async ({ tool, file }: typeof ocr, state: { stop: boolean; finished: number }) => {
    while (!state.stop) {
      await pollingJob(heavyVisitor(), 500, [file], tool);
      state.finished++;
    }
  };
  console.log('each heavy job on its own (median; best in brackets):');
  for (const { tool, name, file } of [ocr, compress]) {
    await pollingJob(heavyVisitor(), pollMs, [file], tool); // its engines and code are loaded
    const [waits, serverCpu] = [[] as number[], [] as number[]];
    for (let i = 0; i < RUNS; i++) {
      const before = await serverCpuMs();
      waits.push((await pollingJob(heavyVisitor(), pollMs, [file], tool)).ms);
      serverCpu.push((await serverCpuMs()) - before);
    }
    console.log(`  ${name.padEnd(20)} ${secs(median(waits))} (${secs(Math.min(...waits))}); the server process's own CPU ${median(serverCpu).toFixed(0)} ms (${Math.min(...serverCpu).toFixed(0)} ms)`);
  }
  console.log('');
  const loads = { alone: [] as Load[], heavy: [] as Load[] };
  const delays = { alone: [] as LoopDelay[], heavy: [] as LoopDelay[] };
  const paced = { alone: [] as Waited[], heavy: [] as Waited[] };
  let heavyFinished = 0;
  for (let i = 0; i < RUNS; i++) {
    server.send('loop-delay:reset');
    loads.alone.push(await smallLoad(pollMs));
    delays.alone.push(await loopDelay());
    paced.alone.push(...(await pacedLoad(pollMs, RATE, PACED_JOBS)));
    const state = { stop: false, finished: 0 };
    const busy = [ocr, ocr, compress].map((job) => keepBusy(job, state));
    await sleep(2000); // the heavy jobs are running before the load starts
    server.send('loop-delay:reset');
    loads.heavy.push(await smallLoad(pollMs));
    delays.heavy.push(await loopDelay());
    paced.heavy.push(...(await pacedLoad(pollMs, RATE, PACED_JOBS)));
    heavyFinished += state.finished;
    state.stop = true;
    await Promise.all(busy); // the next load alone starts when the heavy pools are idle
  }
  const pooled = (runs: Load[]): Load => {
    const waits = runs.flatMap((r) => r.waits);
    const perJob = (part: 'machine' | 'visitors') => runs.reduce((t, r) => t + r.cpu[part] * r.waits.length, 0) / waits.length;
    return { waits, minutes: runs.reduce((t, r) => t + r.minutes, 0), cpu: { machine: perJob('machine'), visitors: perJob('visitors') } };
  };
  const worstDelay = (ds: LoopDelay[]) => ds.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const [alone, heavy] = [pooled(loads.alone), pooled(loads.heavy)];
  console.log(`the same load (polling every ${pollMs} ms), ${RUNS} runs each, alternated:`);
  console.log(`  alone:            ${showLoad(alone)}`);
  console.log(`                    ${showCpu(alone)}`);
  console.log(`                    worst ${showDelay(worstDelay(delays.alone))}`);
  console.log(`  with heavy jobs:  ${showLoad(heavy)}`);
  console.log(`                    ${showCpu(heavy)}`);
  console.log(`                    worst ${showDelay(worstDelay(delays.heavy))}`);
  console.log(`                    ${heavyFinished} heavy jobs finished meanwhile (2 OCR of 3 pages + 1 compress of 4 running the whole time)`);
  console.log(`  p99 with heavy jobs / alone: ${(pct(heavy.waits, 99) / pct(alone.waits, 99)).toFixed(2)}\n`);
  const total = (runs: Waited[]) => runs.map((w) => w.ms);
  const onServer = (runs: Waited[]) => runs.map((w) => w.serverMs);
  const ms = (values: number[], p: number) => `${pct(values, p).toFixed(0)} ms`;
  const showWaits = (runs: Waited[]) =>
    `submit -> downloaded p50 ${secs(pct(total(runs), 50))}, p99 ${secs(pct(total(runs), 99))}; on the server p50 ${ms(onServer(runs), 50)}, p90 ${ms(onServer(runs), 90)}, p99 ${ms(onServer(runs), 99)}`;
  const ratio = (values: (runs: Waited[]) => number[], p: number) => (pct(values(paced.heavy), p) / pct(values(paced.alone), p)).toFixed(2);
  console.log(`a steady ${RATE} small jobs a minute (polling every ${pollMs} ms), ${PACED_JOBS} a run, ${RUNS} runs each, alternated with the above:`);
  console.log(`  alone:            ${showWaits(paced.alone)}`);
  console.log(`  with heavy jobs:  ${showWaits(paced.heavy)}`);
  console.log(`  with heavy jobs / alone: submit -> downloaded p50 ${ratio(total, 50)}, p99 ${ratio(total, 99)}; on the server p50 ${ratio(onServer, 50)}, p99 ${ratio(onServer, 99)}\n`);
}

// 3. Merge 50 through the API against qpdf on the same files, alternated; 250 pages need an account.
const account = await signedUp(visitor('10.254.0.1'));
const qpdfMs: number[] = [];
const apiMs: number[] = [];
const serverMs: number[] = [];
const delays: LoopDelay[] = [];
for (let i = 0; i < RUNS; i++) {
  const out = join(root, `qpdf-${i}.pdf`);
  const started = performance.now();
  const done = spawnSync('qpdf', ['--empty', '--pages', ...parts, '--', out]);
  if (done.status !== 0) throw new Error(`qpdf: ${done.stderr}`);
  qpdfMs.push(performance.now() - started);
  await rm(out);
  server.send('loop-delay:reset');
  const api = await streamedMerge(account, partBytes);
  delays.push(await loopDelay());
  apiMs.push(api.ms);
  serverMs.push(api.serverMs);
}
const worst = delays.reduce((a, b) => (b.p99 > a.p99 ? b : a));
console.log(`merge 50 files x 5 pages (median of ${RUNS}; best in brackets):`);
console.log(`  qpdf --empty --pages                     ${secs(median(qpdfMs))} (${secs(Math.min(...qpdfMs))})`);
console.log(`  through the API, submit -> downloaded    ${secs(median(apiMs))} (${secs(Math.min(...apiMs))}): ${(median(apiMs) / median(qpdfMs)).toFixed(1)}x qpdf`);
console.log(`    created -> finished on the server      ${secs(median(serverMs))}`);
console.log(`  during the API runs, worst ${showDelay(worst)}`);

server.kill('SIGTERM');
await once(server, 'exit');

// 4. What starting one engine blocks a process the server's size for: forking it directly, as every
// engine used to start, against handing it to the launcher (runCommand), alternated.
const ballast = Array.from({ length: 12 }, () => Buffer.alloc(50 * 1024 * 1024, 1));
const directMs: number[] = [];
const launcherMs: number[] = [];
for (let i = 0; i < RUNS * 10; i++) {
  let started = performance.now();
  const child = spawn('true');
  directMs.push(performance.now() - started);
  await once(child, 'close');
  started = performance.now();
  const running = startCommand({ command: 'true', args: [] }, { cwd: root, timeoutMs: 10_000 });
  launcherMs.push(performance.now() - started);
  await running.result;
}
console.log(`\nstarting one engine from a process of ${mib(process.memoryUsage.rss())} (event loop blocked; median, worst):`);
console.log(`  child_process.spawn in the process       ${median(directMs).toFixed(2)} ms, ${Math.max(...directMs).toFixed(2)} ms`);
console.log(`  through the launcher (runCommand)        ${median(launcherMs).toFixed(2)} ms, ${Math.max(...launcherMs).toFixed(2)} ms`);
ballast.length = 0;
console.log(`\nload average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
await rm(root, { recursive: true, force: true });

/** Signs up and follows the verification link from the dev outbox, which signs the browser in. */
async function signedUp(client: Visitor): Promise<Visitor> {
  const email = `load-${Date.now()}@example.com.au`;
  const res = await client('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Wattle#Gold2024', name: 'Load Bench', callbackURL: '/auth/callback' }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const link = await mailedLink({ dataDir: join(root, 'data'), url: origin }, email, 'Verify your email');
  await client(link.slice(origin.length));
  return client;
}
