/**
 * The print engine: Chromium, driven by Playwright, from a process of its own that the launcher starts
 * like any engine (low priority, killed with its job, timed out), so the browser is not forked from the
 * server and its DevTools traffic, the PDF included, does not pass through the server's event loop.
 * Run with Node's own type stripping: `node print-main.ts <print.json>` (a PrintJob). Writes the PDF to
 * the job's output and exits 0, or prints a PrintFailure as JSON and exits 1. Chromium quits when this
 * process dies: Playwright kills it on exit, and the browser closes when its DevTools pipe does.
 */
import { readFile } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';
import { DOCUMENT_ORIGIN, type PrintFailure, type PrintJob } from './print-job.ts';

const job = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as PrintJob;
const files = new Map(job.files.map((f) => [f.path, f]));

function fail(failure: PrintFailure): never {
  process.stdout.write(JSON.stringify(failure));
  process.exit(1);
}

const timedOut: PrintFailure = { code: 'ENGINE_TIMEOUT', message: 'The web page took too long to lay out.' };
// The job's time budget closes the browser (process.exit kills it).
setTimeout(() => fail(timedOut), job.timeoutMs);

let browser: Browser;
try {
  browser = await chromium.launch({
    executablePath: job.browser,
    // Chromium's own private-network checks are off so the canary test sees what unshare and the route stop.
    args: ['--no-sandbox', '--disable-gpu', '--proxy-server=127.0.0.1:9', '--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,LocalNetworkAccessChecks', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    env: { HOME: process.cwd(), TMPDIR: job.temp, PATH: process.env.PATH ?? '/usr/bin:/bin' },
    timeout: job.timeoutMs,
  });
} catch {
  fail({ code: 'ENGINE_UNAVAILABLE', message: 'Chromium could not be started.' });
}

try {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const file = url.origin === DOCUMENT_ORIGIN ? files.get(decodeURIComponent(url.pathname).replace(/^\/+/, '')) : undefined;
    if (file) return route.fulfill({ body: await readFile(file.file), contentType: file.contentType });
    // A refused navigation (meta refresh, a frame's page) would show an error page; 204 leaves the page as it is.
    return route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.abort('blockedbyclient');
  });
  await page.goto(`${DOCUMENT_ORIGIN}${job.entry}`, { waitUntil: 'load', timeout: job.timeoutMs });
  await page.pdf({ path: job.output, format: job.format, printBackground: true, preferCSSPageSize: true });
} catch (error) {
  fail(error instanceof Error && error.name === 'TimeoutError' ? timedOut : { code: 'ENGINE_UNAVAILABLE', message: 'Chromium could not print the web page.' });
}
await browser.close().catch(() => {});
process.exit(0);
