import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { launchBrowser, newContext, screenshot } from './support/browser.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PUBLIC_PAGES = [
  ['home', '/', /Australia/],
  ['convert', '/tools/convert', /Australian Hosted/],
  ['terms', '/terms', /Acceptance of Terms/],
  ['privacy', '/privacy-policy', /Information We Collect/],
  ['support', '/support', /Technical Support/],
  ['about', '/about', /Wattle PDF/],
] as const;

describe('public site', () => {
  it('renders every public page on desktop and phone, light and dark', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await newContext(browser, app.url, viewport, theme);
        const page = await context.newPage();
        for (const [name, path, text] of PUBLIC_PAGES) {
          await page.goto(path);
          await expect.poll(() => page.locator('main').innerText()).toMatch(text);
          // Nothing wider than the screen: a sideways scroll bar looks broken on a phone.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} overflows on ${viewport}`).toBeLessThanOrEqual(0);
          await screenshot(page, `public-${name}-${viewport}-${theme}`);
        }
        await context.close();
      }
    }
  });

  it('shows the trading name and a valid ABN from the company record in the footer', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect.poll(() => footer.innerText()).toMatch(/Wattle PDF/);
    await expect.poll(() => footer.innerText()).toMatch(/ABN \d{2} \d{3} \d{3} \d{3}/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(JSON.stringify(jsonLd)).toContain('"priceCurrency":"AUD"');
    expect(JSON.stringify(jsonLd)).toContain('en-AU');
    await context.close();
  });

  it('switches the theme and keeps it under vite-ui-theme', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await context.close();
  });

  it('gives the top bar a stronger background after 10 px of scroll', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/');
    const header = page.locator('header[data-scrolled]');
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    await context.close();
  });

  it('opens one group at a time in the phone menu and closes it on navigation', async () => {
    const context = await newContext(browser, app.url, 'phone');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    const tools = menu.getByRole('button', { name: 'PDF Tools' });
    const enterprise = menu.getByRole('button', { name: 'Enterprise' });
    await tools.click();
    await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('true');
    await enterprise.click();
    await expect.poll(() => enterprise.getAttribute('aria-expanded')).toBe('true');
    expect(await tools.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'public-phone-menu');
    await menu.getByRole('link', { name: 'Security Features' }).click();
    await page.waitForURL('**/enterprise/security');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('shows a real 404 page for an unknown address', async () => {
    const context = await newContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await expect.poll(() => page.locator('body').innerText()).toMatch(/404|not found/i);
    await screenshot(page, 'public-404');
    await context.close();
  });

  it('sends the security headers with the web app', async () => {
    const res = await fetch(`${app.url}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'.*|object-src 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });
});
