// The README's production start and scale-out, run for real: a fresh clone of this repository, started
// exactly as the README says on the test PostgreSQL (TEST_DATABASE_URL), from a deployer's shell (the
// system Node and npm, nothing of this test run on PATH). Then two API processes and one worker on the
// same database and data dir: a job sent to one API process is read from the other.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../apps/server/src/test/harness.ts';
import { jobForm, postJob, waitForJob } from '../apps/server/src/test/jobs.ts';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { freePort } from '../e2e/support/free-port.ts';

const repo = resolve(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL must name the test PostgreSQL (scripts/test.sh sets it)');

const progress = (line: string) => console.log(`[production] ${line}`);

let workDir: string;
let app: string;
let databaseUrl: string;
let databaseName: string;
const running: AppProcess[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'wattle-production-'));
  app = join(workDir, 'wattle-pdf');
  progress(`cloning the committed HEAD of this repository into a temp dir`);
  await run('git', ['clone', '--quiet', repo, app]);
  databaseName = `wattle_production_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the README on a fresh clone', () => {
  it('starts in production on PostgreSQL exactly as written, on Node 24', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const command = readmeProductionStart(readFileSync(join(app, 'README.md'), 'utf8'), databaseUrl, url);
    progress(`running the README's production start (install, build, serve): ${command}`);
    const server = startProcess('npm start', command, { PORT: String(port), HOST: '127.0.0.1' });
    await server.waitFor('Wattle PDF is listening');
    await expectHealthy('npm start', url);
    const page = await fetch(url);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    await server.stop();
  });

  it('scales out: a job sent to one API process is done by a worker and read from another API process', async () => {
    const [port1, port2] = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${port1}`;
    // What every process of one deployment shares.
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString('base64'),
      PUBLIC_URL: publicUrl,
      DATA_DIR: join(workDir, 'data'),
      HOST: '127.0.0.1',
    };
    progress('starting two APP_ROLES=api processes and one APP_ROLES=worker process');
    const api1 = startProcess('api 1', 'npm run serve', { ...shared, APP_ROLES: 'api', PORT: String(port1) });
    const api2 = startProcess('api 2', 'npm run serve', { ...shared, APP_ROLES: 'api', PORT: String(port2) });
    const worker = startProcess('worker', 'npm run serve', { ...shared, APP_ROLES: 'worker' });
    await Promise.all([api1.waitFor('Wattle PDF is listening'), api2.waitFor('Wattle PDF is listening'), worker.waitFor('worker started')]);
    await expectHealthy('api 1', publicUrl);
    await expectHealthy('api 2', `http://127.0.0.1:${port2}`);

    // One visitor's browser behind a load balancer: one cookie jar, two processes.
    const cookies = new Map<string, string>();
    const viaApi1 = visitor(publicUrl, publicUrl, cookies);
    const viaApi2 = visitor(`http://127.0.0.1:${port2}`, publicUrl, cookies);

    const files = [
      { name: 'one.pdf', bytes: await makePdf({ pages: 1 }) },
      { name: 'two.pdf', bytes: await makePdf({ pages: 2 }) },
    ];
    const submitted = await postJob(viaApi1, jobForm('merge', files));
    expect(submitted.status).toBe(202);
    const { id } = await submitted.json();
    progress(`merge job ${id} submitted to api 1; following it on api 2`);

    const finished = await waitForJob(viaApi2, id);
    expect(finished).toMatchObject({ status: 'succeeded' });
    const job = await (await viaApi2.request(`/api/v1/jobs/${id}`)).json();
    expect(job).toMatchObject({ status: 'succeeded', outputs: [{ pages: 3 }] });
    const download = await viaApi2.request(job.outputs[0].downloadUrl);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(job.outputs[0].size);
    progress(`api 2 reported the job succeeded and served its ${bytes.length}-byte output`);
    await Promise.all([api1.stop(), api2.stop(), worker.stop()]);
  });
});

/** The process answers /api/health with ok, running on Node 24 and PostgreSQL. */
async function expectHealthy(name: string, url: string) {
  const res = await fetch(`${url}/api/health`);
  const health = await res.json();
  progress(`${name}: /api/health answered ${res.status} ${health.status}, Node ${health.node}, database ${health.databaseKind}`);
  expect(res.status).toBe(200);
  expect(health).toMatchObject({ status: 'ok', node: expect.stringMatching(/^24\./), databaseKind: 'postgres', database: 'up' });
}

/** The README's "Running on PostgreSQL" command, with this run's database and address for the examples'. */
function readmeProductionStart(readme: string, database: string, publicUrl: string): string {
  const block = /## Running on PostgreSQL\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no command under "Running on PostgreSQL"');
  const command = block.replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim();
  expect(command).toMatch(/NODE_ENV=production .*npm start$/);
  return command.replace(/DATABASE_URL=\S+/, `DATABASE_URL='${database}'`).replace(/PUBLIC_URL=\S+/, `PUBLIC_URL='${publicUrl}'`);
}

interface AppProcess {
  waitFor(text: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs a command in the clone, in its own process group (npm, its shells and the server all stop
 * together), with a deployer's environment: the system PATH without any node_modules/.bin, and none
 * of this test run's npm, vitest or malloc variables.
 */
function startProcess(name: string, command: string, env: Record<string, string>): AppProcess {
  const inherited = Object.entries(process.env).filter(
    ([key]) => !/^(npm_|VITEST)/i.test(key) && !['NODE_ENV', 'NODE_OPTIONS', 'INIT_CWD', 'TEST_DATABASE_URL', 'GLIBC_TUNABLES'].includes(key),
  );
  const path = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.includes('node_modules')).join(delimiter);
  const child: ChildProcess = spawn('bash', ['-c', command], {
    cwd: app,
    env: { ...Object.fromEntries(inherited), PATH: path, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const waiting = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  const onLine = (line: string) => {
    // npm's "> script" headers and "added N packages" show how far the start has got.
    if (/^(> \S|added \d)/.test(line)) progress(`${name}: ${line}`);
    tail.push(line);
    if (tail.length > 60) tail.shift();
    for (const [text, w] of waiting) if (line.includes(text)) (waiting.delete(text), w.resolve());
  };
  createInterface({ input: child.stdout! }).on('line', onLine);
  createInterface({ input: child.stderr! }).on('line', onLine);
  // 'close' comes once every process of the group holding the output pipes has gone.
  let ended = false;
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  void closed.then(() => {
    ended = true;
    for (const [text, w] of waiting) w.reject(new Error(`${name} ended (exit ${child.exitCode ?? child.signalCode}) before "${text}":\n${tail.join('\n')}`));
    waiting.clear();
  });
  let stopped = false;
  const proc: AppProcess = {
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (tail.some((line) => line.includes(text))) return resolve();
        if (ended) return reject(new Error(`${name} had ended:\n${tail.join('\n')}`));
        waiting.set(text, { resolve, reject });
      }).then(() => progress(`${name}: ${text}`)),
    async stop() {
      if (stopped || ended) return closed;
      stopped = true;
      signalGroup(child, 'SIGTERM');
      // A graceful stop is expected; anything still there after 30 s is killed.
      const force = setTimeout(() => signalGroup(child, 'SIGKILL'), 30_000);
      await closed;
      clearTimeout(force);
    },
  };
  running.push(proc);
  return proc;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group has already gone.
  }
}

/** A visitor's browser talking to one process; the cookie jar is the browser's. */
function visitor(base: string, origin: string, cookies: Map<string, string>): TestClient {
  return {
    cookies,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('origin', origin);
      if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      const res = await fetch(base + path, { ...init, headers });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
      }
      return res;
    },
  };
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}
