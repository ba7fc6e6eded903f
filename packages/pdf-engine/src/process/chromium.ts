import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';

/** The made-up origin a document is served from; `.invalid` never resolves anywhere. */
export const DOCUMENT_ORIGIN = 'http://document.invalid';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface PrintOptions {
  /** The page to open, under DOCUMENT_ORIGIN, e.g. /index.html. */
  entry: string;
  /** The document's files by path (no leading slash); every other request is refused. */
  files: ReadonlyMap<string, { body: Buffer; contentType: string }>;
  format: 'A4' | 'Letter' | 'Legal' | 'A3' | 'A5';
}

/**
 * Prints a document with Debian's Chromium and no way out: the browser runs in an empty network
 * namespace (`unshare --net`: not even the host's loopback is there), every request it makes is
 * answered from `files` or aborted, JavaScript is off (no fetch, no websocket, no script that never
 * ends) and the proxy points nowhere. The job's time budget closes the browser.
 */
export async function printDocument(ctx: ToolContext, options: PrintOptions): Promise<Buffer> {
  if (!(await detectEngines()).networkIsolation) throw new EngineError('ENGINE_UNAVAILABLE', 'Web pages cannot be converted without network isolation here.');
  const launcher = join(ctx.dir, 'chromium.sh');
  // Playwright starts it in a session of its own, which is also a scheduling group: it takes the job's
  // niceness, like every engine (launcher-main.ts).
  const niceness = ctx.limits.processNiceness;
  await writeFile(launcher, `#!/bin/sh\n{ echo ${niceness} > /proc/self/autogroup; } 2>/dev/null\nexec nice -n ${niceness} unshare --net -- ${CHROMIUM} "$@"\n`);
  await chmod(launcher, 0o700);
  const { chromium } = await import('playwright-core');
  const browser = await chromium
    .launch({
      executablePath: launcher,
      // Chromium's own private-network checks are off so the canary test sees what unshare and the route stop.
      args: ['--no-sandbox', '--disable-gpu', '--proxy-server=127.0.0.1:9', '--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,LocalNetworkAccessChecks', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
      env: { HOME: ctx.dir, TMPDIR: ctx.dir, PATH: process.env.PATH ?? '/usr/bin:/bin' },
      timeout: ctx.limits.processTimeoutMs,
    })
    .catch((error: unknown) => {
      throw new EngineError('ENGINE_UNAVAILABLE', 'Chromium could not be started.', undefined, { cause: error });
    });
  let timer: NodeJS.Timeout | undefined;
  const closed = () => browser.close().catch(() => {});
  const abort = () => void closed();
  ctx.signal?.addEventListener('abort', abort);
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false });
    const page = await context.newPage();
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      const file = url.origin === DOCUMENT_ORIGIN ? options.files.get(decodeURIComponent(url.pathname).replace(/^\/+/, '')) : undefined;
      if (file) return route.fulfill({ body: file.body, contentType: file.contentType });
      // A refused navigation (meta refresh, a frame's page) would show an error page; 204 leaves the page as it is.
      return route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.abort('blockedbyclient');
    });
    const work = (async () => {
      await page.goto(`${DOCUMENT_ORIGIN}${options.entry}`, { waitUntil: 'load', timeout: ctx.limits.processTimeoutMs });
      return page.pdf({ format: options.format, printBackground: true, preferCSSPageSize: true });
    })();
    work.catch(() => {}); // when the budget runs out first, closing the browser rejects it
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EngineError('ENGINE_TIMEOUT', 'The web page took too long to lay out.')), ctx.limits.processTimeoutMs);
    });
    return await Promise.race([work, timeout]).catch((error: unknown) => {
      ctx.checkAborted();
      if (error instanceof EngineError) throw error;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new EngineError(timedOut ? 'ENGINE_TIMEOUT' : 'ENGINE_UNAVAILABLE', timedOut ? 'The web page took too long to lay out.' : 'Chromium could not print the web page.', undefined, { cause: error });
    });
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', abort);
    await closed();
  }
}
