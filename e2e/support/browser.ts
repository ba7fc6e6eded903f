import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const artifactsDir = resolve(import.meta.dirname, '../../artifacts/screenshots');

/** Debian's Chromium: Playwright's own browser download cannot work on these machines. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export const viewports = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export async function newContext(browser: Browser, baseURL: string, viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: viewports[viewport], locale: 'en-AU', timezoneId: 'Australia/Sydney', isMobile: viewport === 'phone', hasTouch: viewport === 'phone' });
  if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('vite-ui-theme', 'dark'));
  return context;
}

/** Saves a full-page screenshot as a test artefact (artifacts/screenshots/NAME.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  // Finite animations jump to their end: a menu caught mid-fade is not what the page looks like.
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}
