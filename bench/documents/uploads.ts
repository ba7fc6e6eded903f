/**
 * Concurrent uploads through the real HTTP server (its own process, embedded defaults): throughput, and
 * the server's resident memory above its idle level while they run: 20 of 1 MB, 20 of 5 MB, 40 of 5 MB.
 * Bodies are streamed to disk and storage, never held whole, so the peak must not track the bytes in flight.
 *   bash scripts/server-node.sh bench/documents/uploads.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MAX_PDF_SIZE } from '@wattle/shared';
import { makePdf } from '../../apps/server/src/test/pdfs.ts';
import { freePort } from '../../e2e/support/free-port.ts';
import { mailedLink } from '../../e2e/support/outbox.ts';

/** Concurrent uploads and file size per round; the last doubles the load to show the peak is bounded. */
const ROUNDS = [
  { concurrent: 20, size: 1024 * 1024 },
  { concurrent: 20, size: MAX_PDF_SIZE },
  { concurrent: 40, size: MAX_PDF_SIZE },
];
const ACCOUNTS = 8; // at most 5 uploads of 5 MB each per account: under the 50 MB default limit
const root = resolve(import.meta.dirname, '../..');

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-bench-'));
// With this bench's Node flags, those of `npm run serve` (scripts/server-node.sh).
const server = spawn(process.execPath, [...process.execArgv, 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'test', APP_ROLES: 'api' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

server.on('exit', (code, signal) => !stopping && console.error(`The server exited unexpectedly (code ${code}, signal ${signal})`));
let stopping = false;
try {
  await waitForHealth();
  const cookies = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => signUp(`bench-${i}-${Date.now()}@example.com.au`)));
  // Warm the upload path (module loading, JIT, first PDF check) before measuring.
  await upload(cookies[0]!, await makePdf({ size: 100_000 }), 'warm-up.pdf');

  for (const { concurrent, size } of ROUNDS) {
    const files = await Promise.all(Array.from({ length: concurrent }, () => makePdf({ size })));
    await settle();
    const idle = rss();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5);
    const start = performance.now();
    const statuses = await Promise.all(files.map((pdf, i) => upload(cookies[i % ACCOUNTS]!, pdf, `bench-${size}-${i}.pdf`)));
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rss());
    if (statuses.some((s) => s !== 201)) throw new Error(`Uploads answered ${statuses.join(', ')}`);
    const megabytes = (size * concurrent) / 2 ** 20;
    console.log(
      `${concurrent} concurrent uploads of ${(size / 2 ** 20).toFixed(0)} MB (${megabytes.toFixed(0)} MB in all): ${seconds.toFixed(2)} s, ` +
        `${(megabytes / seconds).toFixed(1)} MB/s, ${(concurrent / seconds).toFixed(1)} files/s; server RSS idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)})`,
    );
    // Free the space for the next round.
    for (const cookie of cookies) await deleteAll(cookie);
  }
} finally {
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
}

function rss(): number {
  if (server.exitCode !== null || server.signalCode !== null) throw new Error(`the server died (${server.exitCode ?? server.signalCode})`);
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kb) throw new Error(`the server is gone: ${status.split('\n').slice(0, 3).join(' ')}`);
  return Number(kb[1]) * 1024;
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

/** Lets the server finish its last requests so the idle figure is idle. */
async function settle() {
  await new Promise((r) => setTimeout(r, 1500));
}

async function upload(cookie: string, pdf: Buffer, name: string): Promise<number> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  const res = await fetch(`${url}/api/documents`, { method: 'POST', body, headers: { cookie, origin: url } });
  await res.arrayBuffer();
  return res.status;
}

async function deleteAll(cookie: string) {
  for (;;) {
    const list = (await (await fetch(`${url}/api/documents`, { headers: { cookie } })).json()) as { items: Array<{ id: string }> };
    if (list.items.length === 0) return;
    for (const doc of list.items) await fetch(`${url}/api/documents/${doc.id}`, { method: 'DELETE', headers: { cookie, origin: url } });
  }
}

async function signUp(email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'Wattle#Gold2024', name: 'Bench User', callbackURL: '/auth/callback' }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  const verify = await fetch(await mailedLink({ dataDir, url }, email, 'Verify your email'), { redirect: 'manual' });
  const cookie = verify.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  if (!cookie.includes('session_token')) throw new Error('verification did not sign in');
  return cookie;
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}
