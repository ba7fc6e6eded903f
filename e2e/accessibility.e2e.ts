import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from './support/accounts.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

/** The main pages and a heading or text each shows once it has loaded. */
const PUBLIC_PAGES = [
  ['/', 'h1'],
  ['/tools', 'h1'],
  ['/tools/compress', 'h1'],
  ['/tools/redact', 'h1'],
  ['/tools/html-to-pdf', 'h1'],
  ['/tools/validate-pdfa', 'h1'],
  ['/pricing', 'table'],
  ['/api', '#limits'],
  ['/auth/login', 'h1'],
  ['/auth/signup', 'h1'],
] as const;

const DASHBOARD_PAGES = [
  ['/dashboard', 'h1'],
  ['/dashboard/documents', 'h1'],
  ['/dashboard/create', 'h1'],
  ['/dashboard/batch', 'h1'],
  ['/dashboard/notifications', 'h1'],
  ['/dashboard/support', 'h1'],
  ['/dashboard/profile', 'h1'],
  ['/dashboard/settings', 'h1'],
  ['/dashboard/team', 'h1'],
] as const;

async function violationsOn(page: Page, pages: readonly (readonly [string, string])[]): Promise<string[]> {
  const found: string[] = [];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    // The dashboard keeps its event stream open, so the network never goes idle: let queries land.
    await page.waitForTimeout(750);
    found.push(...(await seriousAxeViolations(page)).map((violation) => `${path}: ${violation}`));
  }
  return found;
}

describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`finds no serious or critical axe-core violation on the public pages (${theme})`, async () => {
      const context = await newContext(host.browser, host.app.url, 'desktop', theme);
      const page = await context.newPage();
      expect(await violationsOn(page, PUBLIC_PAGES)).toEqual([]);
      await context.close();
    });
  }

  it('finds no serious or critical axe-core violation on the dashboard pages, light and dark', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await signUpAndSignIn(page, host.app);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('vite-ui-theme', value), theme);
      const found = await violationsOn(page, DASHBOARD_PAGES);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      expect(found, theme).toEqual([]);
    }
    await context.close();
  });

  it('offers "Skip to content" first on every layout, and it moves focus into the page', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    for (const path of ['/', '/auth/login']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect((await skip.boundingBox())!.width, path).toBeGreaterThan(20);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    }
    await signUpAndSignIn(page, host.app);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await context.close();
  });

  it('fits the limits table on a 390 px phone without a sideways scroll, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await newContext(host.browser, host.app.url, 'phone', theme);
      const page = await context.newPage();
      for (const path of ['/pricing', '/api']) {
        await page.goto(path);
        const table = page.locator('table').first();
        await table.waitFor();
        const [wide, room] = await table.evaluate((el) => [el.scrollWidth, el.parentElement!.clientWidth]);
        expect(wide, `${path} (${theme})`).toBeLessThanOrEqual(room!);
        expect(await seriousAxeViolations(page), `${path} (${theme})`).toEqual([]);
      }
      await context.close();
    }
  });

  it('draws a solid focus ring around a control reached by keyboard', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.locator('h1').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline).toEqual({ style: 'solid', width: 2 });
    await context.close();
  });
});
