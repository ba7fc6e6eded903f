import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { noToasts, seriousAxeViolations } from './support/axe.ts';
import { newContext, screenshot, viewports } from './support/browser.ts';
import { appAndBrowserForFile, openSignedInPage } from './support/pages.ts';

const host = appAndBrowserForFile();

const signedInPage = (viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light') => openSignedInPage(host, viewport, theme);

/** A script's request: the key and nothing else (no cookies, no Origin). */
const withKey = (key: string, path: string, init: RequestInit = {}) => fetch(`${host.app.url}${path}`, { ...init, headers: { authorization: `Bearer ${key}` } });

async function createKey(page: Page, name: string): Promise<string> {
  await page.goto('/dashboard/settings?tab=api-keys');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.locator('code').filter({ hasText: /^wattle_/ }).textContent())!;
  expect(secret).toMatch(/^wattle_[\w-]{43}$/);
  return secret;
}

describe('API keys on Settings', () => {
  it('creates a key shown once with copy, lists its prefix and usage, and revokes it after a confirmation', async () => {
    const { page, errors } = await signedInPage();
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'API keys' }).click();
    await page.waitForURL(/tab=api-keys/);
    await page.getByText('No API keys yet.').waitFor();

    // An empty name is refused before anything is sent.
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Enter a name').waitFor();

    const secret = await createKey(page, 'Invoice script');
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Key copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.locator('code').filter({ hasText: /^wattle_/ }).count()).toBe(0);

    const item = page.getByRole('listitem').filter({ hasText: 'Invoice script' });
    await item.getByText(`${secret.slice(0, 15)}…`).waitFor();
    // Expires in 90 days (the default); Last used: Never.
    await expect.poll(() => item.getByText('Never', { exact: true }).count()).toBe(1);

    // A script with the key runs a job as this account; the list counts it.
    const form = new FormData();
    form.append('tool', 'merge');
    for (const name of ['a.pdf', 'b.pdf']) form.append('files', new Blob([(await makePdf({ pages: 2 })) as BlobPart], { type: 'application/pdf' }), name);
    const submitted = await withKey(secret, '/api/v1/jobs', { method: 'POST', body: form });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    await (await withKey(secret, `/api/v1/jobs/${id}/events`)).text();
    await page.reload();
    await item.getByText('1 job, 4 pages').waitFor();
    expect(await item.getByText('Never', { exact: true }).count()).toBe(0);

    await item.getByRole('button', { name: 'Revoke Invoice script' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Scripts using this key stop working at once.').waitFor();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await item.getByText('Revoked', { exact: true }).waitFor(); // the badge, not the "Key revoked" toast that names the key too
    expect((await withKey(secret, '/api/v1/outputs')).status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('the API page shows the curl example for this server, and links to the keys', async () => {
    const context = await newContext(host.browser, host.app.url, 'phone');
    host.contexts.push(context);
    const page = await context.newPage();
    await page.goto('/api');
    const section = page.locator('section#api-keys');
    await section.getByRole('heading', { name: 'API keys' }).waitFor();
    const example = (await section.locator('pre').textContent())!;
    expect(example).toContain(`curl -s -H "Authorization: Bearer $WATTLE_KEY" -F tool=merge -F files=@a.pdf -F files=@b.pdf ${host.app.url}/api/v1/jobs`);
    expect(await section.getByRole('link', { name: 'Settings → API keys' }).getAttribute('href')).toBe('/dashboard/settings?tab=api-keys');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-page-keys-phone');
    // The code blocks scroll inside themselves: the page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`looks right on ${viewport}, ${theme}, with no serious axe violations`, async () => {
        const { page, errors } = await signedInPage(viewport, theme);
        await createKey(page, 'Nightly reports from the accounts server');
        await createKey(page, 'CI');
        await page.getByRole('listitem').filter({ hasText: 'Nightly reports' }).waitFor();
        await noToasts(page);
        await screenshot(page, `api-keys-${viewport}-${theme}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);
        expect(errors).toEqual([]);
      });
    }
  }
});
