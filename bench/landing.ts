/**
 * The landing page's weight and speed in the built app (issue 12's budget: at most 150 KB of JS
 * gzipped, the heading drawn in under 1 s on loopback):
 *   npm run build && npm run bench:landing   (BENCH_RUNS=5 by default)
 * Prints the JS it loads (raw, gzip, brotli, and what the server actually sent) and the time to the
 * heading in Chromium with an empty cache each run. Prints figures; never asserts.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startApp } from '../e2e/support/app.ts';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { median } from './engines/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const dist = resolve(import.meta.dirname, '../apps/web/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A file's size as built and compressed: the build's own .gz/.br copies when it wrote them. */
async function sizes(path: string) {
  const raw = await readFile(resolve(dist, `.${path}`));
  const copy = async (suffix: string, make: () => Buffer) => (await readFile(resolve(dist, `.${path}${suffix}`)).catch(make)).length;
  return {
    raw: raw.length,
    gzip: await copy('.gz', () => gzipSync(raw, { level: 9 })),
    brotli: await copy('.br', () => brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const headingMs: number[] = [];
  const paintMs: number[] = [];
  const scripts = new Map<string, { sent: number; encoding: string }>();
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser, app.url, 'desktop');
    const page = await context.newPage();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().startsWith(app.url)) return;
      const sent = (await response.request().sizes()).responseBodySize;
      scripts.set(new URL(response.url()).pathname, { sent, encoding: (await response.allHeaders())['content-encoding'] ?? 'none' });
    });
    await page.goto('/', { waitUntil: 'commit' });
    // Measured in the page from the start of navigation, polled every frame.
    const heading = await page.waitForFunction(() => (document.querySelector('h1')?.textContent ? performance.now() : 0), undefined, { polling: 'raf', timeout: 30_000 });
    headingMs.push(Math.round((await heading.jsonValue()) as number));
    await page.waitForLoadState('networkidle');
    paintMs.push(Math.round(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0)));
    await context.close();
  }

  const rows = await Promise.all([...scripts].map(async ([path, seen]) => ({ path, ...seen, ...(await sizes(path)) })));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = (key: 'raw' | 'gzip' | 'brotli' | 'sent') => rows.reduce((sum, row) => sum + row[key], 0);
  console.log(`Landing page JS (${rows.length} files):`);
  for (const row of rows) console.log(`  ${row.path.padEnd(44)} raw ${kb(row.raw).padStart(9)}  gzip ${kb(row.gzip).padStart(8)}  brotli ${kb(row.brotli).padStart(8)}  sent ${kb(row.sent).padStart(8)} (${row.encoding})`);
  console.log(`  ${'total'.padEnd(44)} raw ${kb(total('raw')).padStart(9)}  gzip ${kb(total('gzip')).padStart(8)}  brotli ${kb(total('brotli')).padStart(8)}  sent ${kb(total('sent')).padStart(8)}`);
  console.log(`Heading drawn: median ${median(headingMs)} ms (runs: ${headingMs.join(', ')} ms); first contentful paint: median ${median(paintMs)} ms`);
} finally {
  await browser.close();
  await app.stop();
}
