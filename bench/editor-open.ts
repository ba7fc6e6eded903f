/**
 * The editor opening a 100-page PDF in the built app in Chromium: time to the first page drawn and to
 * every thumbnail drawn (the rail scrolled through as a reader would), beside pdf.js on its own
 * (fetch, open, draw page 1 at the same scale, no viewer) measured in the same run.
 *   npm run build -w apps/web && npm run bench:editor-open   (BENCH_RUNS=3 by default)
 * Prints figures; never asserts.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { textPdf } from '@wattle/pdf-engine/test/fixtures';
import { signUpAndSignIn } from '../e2e/support/accounts.ts';
import { startApp } from '../e2e/support/app.ts';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { median } from './engines/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = 100;
const pdf = await textPdf(PAGES);
const pdfjsBuild = resolve(import.meta.dirname, '../node_modules/pdfjs-dist/build');

// pdf.js alone, served from its own origin so its worker loads as it does in the app.
const reference = createServer(async (req, res) => {
  if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><canvas></canvas>');
  if (req.url === '/doc.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
  const name = req.url?.slice(1);
  if (name === 'pdf.min.mjs' || name === 'pdf.worker.min.mjs') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(resolve(pdfjsBuild, name)));
  res.writeHead(404).end();
});
await new Promise<void>((done) => reference.listen(0, '127.0.0.1', done));
const referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}`;

const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const context = await newContext(browser, app.url, 'desktop');
  const page = await context.newPage();
  await signUpAndSignIn(page, app);
  const upload = await page.request.post('/api/documents', { multipart: { file: { name: 'hundred.pdf', mimeType: 'application/pdf', buffer: pdf } }, headers: { origin: app.url } });
  const { id } = (await upload.json()) as { id: string };

  const firstPage: number[] = [];
  const thumbnails: number[] = [];
  const alone: number[] = [];
  let scale = 1;
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/dashboard');
    const start = Date.now();
    await page.goto(`/dashboard/edit/${id}`);
    await page.locator('[role=group][aria-label="Page 1"] canvas').waitFor({ timeout: 60_000 });
    firstPage.push(Date.now() - start);
    await page.waitForFunction(
      (pages) => {
        const rail = document.querySelector('nav[aria-label="Page thumbnails"]')!;
        if (rail.querySelectorAll('canvas[data-drawn]').length >= pages) return true;
        rail.scrollTop += rail.clientHeight;
        return false;
      },
      PAGES,
      { polling: 100, timeout: 120_000 },
    );
    thumbnails.push(Date.now() - start);
    scale = await page.evaluate(() => {
      const box = document.querySelector('[role=group][aria-label="Page 1"]')!.getBoundingClientRect();
      return box.width / 595.28;
    });

    const bare = await context.newPage();
    await bare.goto(referenceUrl);
    alone.push(
      await bare.evaluate(async (s) => {
        const t0 = performance.now();
        const pdfjs = await import('/pdf.min.mjs' as string);
        pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
        const data = await (await fetch('/doc.pdf')).arrayBuffer();
        const doc = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
        const first = await doc.getPage(1);
        const viewport = first.getViewport({ scale: s * Math.min(devicePixelRatio, 2) });
        const canvas = document.querySelector('canvas')!;
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        await first.render({ canvas, viewport }).promise;
        return performance.now() - t0;
      }, scale),
    );
    await bare.close();
  }
  const ms = (values: number[]) => `${Math.round(median(values))} ms (runs: ${values.map((v) => Math.round(v)).join(', ')})`;
  console.log(`Editor, ${PAGES}-page PDF, desktop 1366×900, page scale ${scale.toFixed(2)}:`);
  console.log(`  first page drawn (from navigation, app and PDF download included): ${ms(firstPage)}`);
  console.log(`  all ${PAGES} thumbnails drawn (rail scrolled through):              ${ms(thumbnails)}`);
  console.log(`  pdf.js alone: fetch, open and draw page 1, no viewer:             ${ms(alone)}`);
  await context.close();
} finally {
  await browser.close();
  await app.stop();
  reference.close();
}
