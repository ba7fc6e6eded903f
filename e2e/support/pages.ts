import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { signUpAndSignIn } from './accounts.ts';
import { startApp, type RunningApp } from './app.ts';
import { launchBrowser, newContext, type viewports } from './browser.ts';

/** What a test file opens pages with: its app and browser, and the contexts it closes afterwards. */
export interface PageHost {
  app: RunningApp;
  browser: Browser;
  contexts: BrowserContext[];
}

type Viewport = keyof typeof viewports;

/** A page in a context of its own (closed with the file's others), collecting the page's uncaught errors. */
export async function openPage(host: PageHost, viewport: Viewport = 'desktop', theme: 'light' | 'dark' = 'light') {
  const context = await newContext(host.browser, host.app.url, viewport, theme);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.app.url });
  host.contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The same page, signed in as a new account (answered as `email`). */
export async function openSignedInPage(host: PageHost, viewport: Viewport = 'desktop', theme: 'light' | 'dark' = 'light') {
  const opened = await openPage(host, viewport, theme);
  return { ...opened, email: await signUpAndSignIn(opened.page, host.app) };
}

/** The app and a browser for one test file: started before its tests, closed (with every context it opened) after them. */
export function appAndBrowserForFile(env: Record<string, string> = {}): PageHost {
  const host = { contexts: [] as BrowserContext[] } as PageHost;
  beforeAll(async () => {
    [host.app, host.browser] = await Promise.all([startApp(env), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of host.contexts) await context.close().catch(() => {});
    await host.browser?.close();
    await host.app?.stop();
  });
  return host;
}
