import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot } from './support/browser.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

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
        const context = await newContext(host.browser, host.app.url, viewport, theme);
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
    const context = await newContext(host.browser, host.app.url);
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
    const context = await newContext(host.browser, host.app.url);
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
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/');
    const header = page.locator('header[data-scrolled]');
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    await context.close();
  });

  it('opens the top bar menus on wide screens by pointer and by keyboard (their code loads when first wanted)', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The keyboard reaches a trigger and keeps its focus when the real menu takes the stand-in's place.
    const tools = nav.getByRole('button', { name: 'PDF Tools' });
    await tools.focus();
    await expect.poll(() => tools.getAttribute('data-state')).toBe('closed');
    expect(await tools.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => nav.getByRole('link', { name: 'All PDF tools' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('false');
    // The pointer opens the other menu by hovering, as before.
    await nav.getByRole('button', { name: 'Enterprise' }).hover();
    await nav.getByRole('button', { name: 'Enterprise' }).hover({ position: { x: 10, y: 10 } });
    await expect.poll(() => nav.getByRole('link', { name: /Security Features/ }).isVisible()).toBe(true);
    await context.close();
  });

  it('opens one group at a time in the phone menu and closes it on navigation', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
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
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await expect.poll(() => page.locator('body').innerText()).toMatch(/404|not found/i);
    await screenshot(page, 'public-404');
    await context.close();
  });

  it('leads every footer, menu and sitemap link to a real page', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
    const page = await context.newPage();
    await page.goto('/');
    const hrefs = new Set(await internalLinks(page, 'footer'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    // The groups open one at a time, and a closed group's links are not in the page.
    for (const group of ['PDF Tools', 'Enterprise']) {
      const trigger = menu.getByRole('button', { name: group });
      await trigger.click();
      await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
      for (const href of await internalLinks(page, '[role="dialog"] nav')) hrefs.add(href);
    }
    await page.goto('/sitemap');
    await page.getByRole('heading', { level: 1, name: 'Sitemap' }).waitFor();
    for (const href of await internalLinks(page, 'main')) hrefs.add(href);
    expect(hrefs).toContain('/blog');
    expect(hrefs).toContain('/careers');

    for (const href of hrefs) {
      await page.goto(href);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await heading.waitFor();
      expect(await heading.innerText(), `${href} answers the 404 page`).not.toBe('Page not found');
    }
    await context.close();
  });

  it('describes only what exists today in the menus, each linked', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    let text = '';
    for (const group of ['PDF Tools', 'Enterprise']) {
      await menu.getByRole('button', { name: group }).click();
      await expect.poll(() => menu.getByRole('button', { name: group }).getAttribute('aria-expanded')).toBe('true');
      text += await menu.innerText();
    }
    expect(text).not.toMatch(/annotate|secure link/i);
    expect(await menu.getByRole('link', { name: /Team Management/ }).count()).toBe(1);
    expect(await menu.getByText('Coming soon').count()).toBe(0);
    await context.close();
  });

  it('promises on the convert page only what the conversions do, and no account is needed', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/tools/convert');
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toMatch(/Australian Hosted/);
    const text = await main.innerText();
    expect(text).not.toMatch(/headings, paragraphs and tables intact/i);
    expect(text).not.toMatch(/fonts, layouts, tables and images carry across/i);
    expect(text).not.toMatch(/create a free account to use the conversion tools/i);
    expect(text).toMatch(/without an account/i);
    await context.close();
  });

  it('has a blog with articles and a careers page', async () => {
    const context = await newContext(host.browser, host.app.url);
    const page = await context.newPage();
    await page.goto('/blog');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Wattle PDF Blog');
    expect(await page.title()).toBe('Blog | Wattle PDF');
    const firstArticle = page.getByRole('article').first().getByRole('link').first();
    const title = await page.getByRole('article').first().getByRole('heading', { level: 2 }).innerText();
    await firstArticle.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    expect(await page.title()).toBe(`${title} | Wattle PDF`);

    await page.goto('/careers');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Careers at Wattle PDF');
    expect(await page.title()).toBe('Careers | Wattle PDF');
    await context.close();
  });

  it('has no serious or critical accessibility problems on the marketing pages, light and dark', async () => {
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const context = await newContext(host.browser, host.app.url, 'desktop', theme);
      const page = await context.newPage();
      await page.goto('/blog');
      await page.getByRole('article').first().waitFor();
      const article = (await page.getByRole('article').first().getByRole('link').first().getAttribute('href'))!;
      for (const path of ['/', '/tools/convert', '/features', '/pricing', '/enterprise/security', '/enterprise/team', '/blog', article, '/careers', '/sitemap']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        for (const violation of await seriousAxeViolations(page)) problems.push(`${path} (${theme}) ${violation}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('shows the blog, an article, careers, convert and home pages at 1280 and 390 px, light and dark', async () => {
    for (const [size, width] of [['1280', 1280], ['390', 390]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await newContext(host.browser, host.app.url, size === '390' ? 'phone' : 'desktop', theme);
        const page = await context.newPage();
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/blog');
        await page.getByRole('article').first().waitFor();
        const article = (await page.getByRole('article').first().getByRole('link').first().getAttribute('href'))!;
        for (const [name, path] of [['blog', '/blog'], ['blog-article', article], ['careers', '/careers'], ['convert', '/tools/convert'], ['home', '/']] as const) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} overflows at ${width} px`).toBeLessThanOrEqual(0);
          await screenshot(page, `public-${name}-${width}-${theme}`);
        }
        await context.close();
      }
    }
  });

  it('sends the security headers with the web app', async () => {
    const res = await fetch(`${host.app.url}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'.*|object-src 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });
});

/** Same-site link targets inside `selector`, without their #fragments. */
async function internalLinks(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(`${selector} a[href^="/"]`).evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return hrefs.map((href) => href.split('#')[0]!);
}
