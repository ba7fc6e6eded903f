import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Link, LinkAnalytics, LinkVisitPage } from '@wattle/shared';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { signUpAndSignIn } from './support/accounts.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot, viewports } from './support/browser.ts';
import { mailedCode } from './support/outbox.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();
let owner: Page;
let documentId: string;

beforeAll(async () => {
  const context = await newContext(host.browser, host.app.url);
  host.contexts.push(context);
  owner = await context.newPage();
  await signUpAndSignIn(owner, host.app);
  const res = await owner.request.post('/api/documents', {
    multipart: { file: { name: 'Tender response.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 5 }) } },
    headers: { origin: host.app.url },
  });
  expect(res.status()).toBe(201);
  documentId = ((await res.json()) as { id: string }).id;
});

async function createLink(settings: Record<string, unknown>): Promise<Link> {
  const res = await owner.request.post('/api/v1/links', { data: { documentId, ...settings }, headers: { origin: host.app.url } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Link;
}

/** A browser with no account, recording the Content-Type of every response it receives. */
async function viewerPage(viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light') {
  const context = await newContext(host.browser, host.app.url, viewport, theme);
  host.contexts.push(context);
  const page = await context.newPage();
  const contentTypes: string[] = [];
  const errors: string[] = [];
  page.on('response', (res) => contentTypes.push(res.headers()['content-type'] ?? ''));
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, contentTypes, errors };
}

/** Waits until page n's image has been drawn. */
async function pageDrawn(page: Page, n: number, of: number): Promise<void> {
  const image = page.getByRole('img', { name: `Page ${n} of ${of}`, exact: true });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
}

describe('the share-link viewer', () => {
  it('opens a link through its password and email gates, reads three pages, and the owner sees the visit', async () => {
    const link = await createLink({ name: 'Tender for review', password: 'open sesame', requireEmail: true });
    const { page, contentTypes, errors } = await viewerPage();
    const email = `reader-${randomUUID().slice(0, 8)}@example.com.au`;

    await page.goto(link.url);
    await page.getByRole('heading', { name: 'This document is protected' }).waitFor();
    await page.getByRole('heading', { name: 'Tender for review' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
    await screenshot(page, 'share-viewer-gates-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code', { exact: true }).fill(await mailedCode(host.app, email, 'Your code to open'));
    await page.getByRole('button', { name: 'Open document' }).click();
    await page.getByText('The password is not correct.').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('open sesame');
    await page.getByRole('button', { name: 'Open document' }).click();
    // A wrong password does not use up the code: the right one opens the document.
    await pageDrawn(page, 1, 5);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 5').waitFor();
    await pageDrawn(page, 2, 5);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 3 of 5').waitFor();
    await pageDrawn(page, 3, 5);
    await screenshot(page, 'share-viewer-reading-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Leaving the page sends the last dwell report by beacon.
    await page.goto('about:blank');

    expect(contentTypes.some((type) => type.includes('image/webp'))).toBe(true);
    expect(contentTypes.filter((type) => type.includes('application/pdf'))).toEqual([]);
    expect(errors).toEqual([]);

    await expect
      .poll(async () => ((await (await owner.request.get(`/api/v1/links/${link.id}/analytics`)).json()) as LinkAnalytics).pages.map((p) => p.page), { timeout: 20_000 })
      .toEqual([1, 2, 3]);
    const visits = (await (await owner.request.get(`/api/v1/links/${link.id}/visits`)).json()) as LinkVisitPage;
    expect(visits.items).toEqual([expect.objectContaining({ viewerEmail: email, device: 'desktop', downloaded: false })]);
    expect(visits.items[0]!.totalMs).toBeGreaterThan(0);

    // The owner's Share PDFs page shows the same: the visit by its address and a time for each page read.
    await owner.goto('/dashboard/share');
    const card = owner.locator('[data-slot="card"]').filter({ hasText: 'Tender for review' });
    await card.getByRole('button', { name: 'Analytics' }).click();
    await card.getByText(email).waitFor();
    await card.getByText('Show as a table').click();
    // The table of time per page lists the three pages read, and no other.
    for (const n of ['1', '2', '3']) await card.getByRole('cell', { name: n, exact: true }).waitFor();
    expect(await card.getByRole('cell', { name: '4', exact: true }).count()).toBe(0);
    await screenshot(owner, 'share-analytics-after-viewer-desktop-light');

    await owner.goto('/dashboard/notifications');
    await owner.getByText('Your shared document was opened').first().waitFor();
    await owner.getByText(`"Tender for review" was opened for the first time by ${email}.`).waitFor();
  });

  it('shows the reader on a phone and in the dark, with a download button only when allowed', async () => {
    const reading = await createLink({ watermark: true });
    for (const [viewport, theme] of [
      ['phone', 'light'],
      ['phone', 'dark'],
      ['desktop', 'dark'],
    ] as const) {
      const { page, contentTypes } = await viewerPage(viewport, theme);
      await page.goto(reading.url);
      await pageDrawn(page, 1, 5);
      expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `share-viewer-reading-${viewport}-${theme}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(contentTypes.filter((type) => type.includes('application/pdf'))).toEqual([]);
    }

    const downloadable = await createLink({ allowDownload: true });
    const { page } = await viewerPage();
    await page.goto(downloadable.url);
    await pageDrawn(page, 1, 5);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Tender response.pdf');
  });

  it('shows a clear page for a link that was turned off and for an address nobody holds', async () => {
    const link = await createLink({});
    expect((await owner.request.post(`/api/v1/links/${link.id}/revoke`, { headers: { origin: host.app.url } })).status()).toBe(200);
    const { page } = await viewerPage('phone');
    await page.goto(link.url);
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await screenshot(page, 'share-viewer-gone-phone-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`/s/${Buffer.alloc(32, 1).toString('base64url')}`);
    await page.getByRole('heading', { name: 'Document not found' }).waitFor();
  });
});
