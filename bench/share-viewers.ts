/**
 * 50 concurrent viewers reading a 20-page shared document with the watermark on, through the real app
 * (createApp on the embedded defaults, requests through app.request, so the server is this process):
 * page-image latency p50/p99, the process's resident memory, and page renders against cache hits,
 * beside pdftoppm rendering the same 20 pages cold in the same run.
 *   npm run bench:share
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPage } from '@wattle/pdf-engine';
import type { Link } from '@wattle/shared';
import { createTestContext, type TestClient } from '../apps/server/src/test/harness.ts';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { signedInUser } from '../apps/server/src/test/users.ts';
import { pageCacheStats } from '../apps/server/src/services/share-page-cache.ts';

const VIEWERS = 50;
const PAGES = 20;
/** What a desktop viewer asks for at fit width on a 1x screen (the server rounds it up to 1200). */
const WIDTH = 960;

const ctx = await createTestContext({ TRUSTED_PROXY: 'true' });
const scratch = mkdtempSync(join(tmpdir(), 'wattle-bench-share-'));
try {
  const { client: owner } = await signedInUser(ctx);
  const pdf = await makePdf({ pages: PAGES });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Annual report.pdf');
  const documentId = ((await (await owner.request('/api/documents', { method: 'POST', body: form })).json()) as { id: string }).id;
  const link = (await (await owner.request('/api/v1/links', { method: 'POST', json: { documentId, watermark: true } })).json()) as Link;
  const token = link.url.split('/s/')[1]!;

  // Cold: pdftoppm (through the engine, as the server runs it) on each page, one after another.
  const source = join(scratch, 'document.pdf');
  writeFileSync(source, pdf);
  const cold: number[] = [];
  for (let page = 1; page <= PAGES; page++) {
    const start = performance.now();
    await renderPage(source, page, 1200, { workDir: scratch });
    cold.push(performance.now() - start);
  }
  report('pdftoppm cold, one page at a time', cold);

  for (const round of ['first readers (cache empty)', 'next readers (cache warm)']) {
    const before = pageCacheStats();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(Array.from({ length: VIEWERS }, (_, i) => readAll(viewer(`198.51.100.${i + 1}`), token, latencies)));
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const after = pageCacheStats();
    report(`${VIEWERS} viewers x ${PAGES} watermarked pages, ${round}`, latencies);
    console.log(
      `  ${latencies.length} images in ${seconds.toFixed(1)} s; renders ${after.renders - before.renders}, from the cache ${after.hits - before.hits}, ` +
        `waited on another viewer's render ${after.sharedRenders - before.sharedRenders}; ` +
        `RSS idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)})`,
    );
  }
} finally {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
}

/** A browser with no account at its own address. */
function viewer(ip: string): TestClient {
  const client = ctx.client();
  return { cookies: client.cookies, request: (path, init = {}) => client.request(path, { ...init, headers: { 'x-forwarded-for': ip, ...init.headers } }) };
}

/** One reader: opens the link (one view), then every page in order, as a reader scrolling down would. */
async function readAll(reader: TestClient, token: string, latencies: number[]): Promise<void> {
  const opened = await reader.request(`/api/s/${token}/visits`, { method: 'POST', json: {} });
  if (opened.status !== 201) throw new Error(`The visit answered ${opened.status}`);
  for (let page = 1; page <= PAGES; page++) {
    const start = performance.now();
    const res = await reader.request(`/api/s/${token}/pages/${page}?width=${WIDTH}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`Page ${page} answered ${res.status}`);
    latencies.push(performance.now() - start);
  }
}

function report(label: string, ms: number[]): void {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(`${label}: p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${ms.length} images)`);
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MB`;
}
