import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { noToasts, seriousAxeViolations } from './support/axe.ts';
import { screenshot, viewports } from './support/browser.ts';
import { appAndBrowserForFile, openSignedInPage } from './support/pages.ts';

const host = appAndBrowserForFile();

const signedInPage = (viewport: keyof typeof viewports, theme: 'light' | 'dark') => openSignedInPage(host, viewport, theme);

async function storeDocument(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/documents', { multipart: { file: { name, mimeType: 'application/pdf', buffer: await makePdf({ pages: 3 }) } }, headers: { origin: host.app.url } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('share links, the owner’s side', () => {
  it('shares a document from My Documents, copies the link, changes it, revokes and deletes it', async () => {
    const { page, errors } = await signedInPage('desktop', 'light');
    await storeDocument(page, 'Quarterly report.pdf');
    await page.goto('/dashboard/documents');
    await page.getByRole('button', { name: 'Share Quarterly report.pdf', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Create a share link' });
    await dialog.getByLabel('Name (optional)').fill('For the board');
    await dialog.getByRole('switch', { name: 'Expires' }).click();
    await dialog.getByLabel('Date').fill('2020-01-01');
    await dialog.getByRole('switch', { name: 'Require a password' }).click();
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await dialog.getByLabel('Only these people (optional)').fill('@example.com.au\nnot an address');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    // Each wrong setting is named under its own field, and nothing is created.
    await dialog.getByText('Choose a time in the future').waitFor();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await dialog.getByText('“not” is not an email address or a domain such as @example.com.au').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('switch', { name: 'Expires' }).click();
    await dialog.getByLabel('Password', { exact: true }).fill('open sesame');
    await dialog.getByLabel('Only these people (optional)').fill('@example.com.au');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const created = page.getByRole('dialog', { name: 'Share link' });
    const address = await created.getByLabel('Link', { exact: true }).inputValue();
    expect(address).toMatch(new RegExp(`^${host.app.url}/s/[A-Za-z0-9_-]{43}$`));
    await created.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await screenshot(page, 'share-dialog-desktop-light');
    await created.getByRole('button', { name: 'Done' }).click();
    // The row counts the document's active links.
    await page.getByRole('button', { name: 'Share Quarterly report.pdf (1 active link)' }).waitFor();

    await page.goto('/dashboard/share');
    const card = page.locator('[data-slot="card"]').filter({ hasText: 'For the board' });
    await card.getByText('Active').waitFor();
    await card.getByText('Quarterly report.pdf').waitFor();
    await card.getByText('Password').waitFor();
    await card.getByText('1 allowed').waitFor();
    await card.getByRole('button', { name: 'Analytics' }).click();
    await card.getByText('Nobody has opened this link yet.').waitFor();
    await screenshot(page, 'share-page-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Edit: the password is kept when its field is left empty; downloads turned on.
    await card.getByRole('button', { name: 'More actions for For the board' }).click();
    await page.getByRole('menuitem', { name: 'Edit settings' }).click();
    const edit = page.getByRole('dialog', { name: 'Share link' });
    await edit.getByRole('switch', { name: 'Allow download' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Link updated').waitFor();
    await card.getByText('Download allowed').waitFor();
    await card.getByText('Password').waitFor();

    await card.getByRole('button', { name: 'More actions for For the board' }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke link' }).getByRole('button', { name: 'Revoke' }).click();
    await card.getByText('Revoked').waitFor();
    expect(await card.getByRole('button', { name: 'Copy link' }).isDisabled()).toBe(true);
    const gone = await page.request.get(new URL(address).pathname.replace('/s/', '/api/s/'));
    expect([404, 410]).toContain(gone.status());

    await card.getByRole('button', { name: 'More actions for For the board' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete link' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No share links yet').waitFor();
    await noToasts(page);
    await screenshot(page, 'share-page-empty-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A new link from the Share page: pick the document, then the same dialog.
    await page.getByRole('button', { name: 'New link' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Choose from My Documents' });
    await picker.getByRole('checkbox', { name: 'Quarterly report.pdf' }).click();
    await picker.getByRole('button', { name: 'Add document' }).click();
    await page.getByRole('dialog', { name: 'Create a share link' }).getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('dialog', { name: 'Share link' }).getByRole('button', { name: 'Done' }).click();
    await page.locator('[data-slot="card"]').filter({ hasText: 'Quarterly report.pdf' }).getByText('Active').waitFor();
    expect(errors).toEqual([]);
  });

  it('shares a tool’s output in one click: saved to My Documents, linked, the address shown', async () => {
    const { page, errors } = await signedInPage('desktop', 'light');
    await page.goto('/tools/blank-pdf');
    await page.getByRole('button', { name: 'Blank PDF' }).click();
    await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
    await page.getByRole('button', { name: 'Share blank.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share link' });
    expect(await dialog.getByLabel('Link', { exact: true }).inputValue()).toMatch(new RegExp(`^${host.app.url}/s/[A-Za-z0-9_-]{43}$`));
    await dialog.getByText('blank.pdf').waitFor();
    // The "Saved to My Documents" toast fading out is not what axe is here to check. It is the page's
    // first toast, so it shows only once sonner has loaded: wait for it to show, then to go.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Saved to My Documents' }).waitFor();
    await noToasts(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The same button shows the same link again rather than making another.
    await page.getByRole('button', { name: 'Share blank.pdf' }).click();
    await dialog.getByLabel('Link', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/documents');
    await page.getByRole('button', { name: 'Share blank.pdf (1 active link)' }).waitFor();
    expect(errors).toEqual([]);
  });

  for (const [viewport, theme] of [
    ['phone', 'light'],
    ['phone', 'dark'],
    ['desktop', 'dark'],
  ] as const) {
    it(`shows the list and the dialog on ${viewport}, ${theme}`, async () => {
      const { page, errors } = await signedInPage(viewport, theme);
      const documentId = await storeDocument(page, 'Site plan with a long file name for a small screen.pdf');
      const res = await page.request.post('/api/v1/links', {
        data: { documentId, name: 'Builder', maxViews: 10, password: 'let-me-in', requireEmail: true, watermark: true },
        headers: { origin: host.app.url },
      });
      expect(res.status()).toBe(201);
      await page.goto('/dashboard/share');
      const card = page.locator('[data-slot="card"]').filter({ hasText: 'Builder' });
      await card.getByText('0 of 10 views').waitFor();
      // A visit that read three pages, reported as the viewer page does (within what the server accepts at once).
      const token = ((await res.json()) as { url: string }).url.split('/s/')[1]!;
      const open = await page.request.post('/api/v1/links', { data: { documentId, name: 'Open' }, headers: { origin: host.app.url } });
      const openToken = ((await open.json()) as { url: string }).url.split('/s/')[1]!;
      expect((await page.request.post(`/api/s/${openToken}/visits`, { data: {}, headers: { origin: host.app.url } })).status()).toBe(201);
      const dwell = { pages: [{ page: 1, ms: 9_000 }, { page: 2, ms: 2_000 }, { page: 3, ms: 4_000 }] };
      expect((await page.request.post(`/api/s/${openToken}/time`, { data: dwell, headers: { origin: host.app.url } })).status()).toBe(204);
      expect(token).not.toBe(openToken);

      await page.goto('/dashboard/share');
      const read = page.locator('[data-slot="card"]').filter({ hasText: 'Open' }).filter({ hasNotText: 'Builder' });
      await read.getByRole('button', { name: 'Analytics' }).click();
      await read.getByText('15 s').first().waitFor();
      await read.getByText('Anonymous viewer').waitFor();
      await read.getByText('Show as a table').click();
      await read.getByRole('cell', { name: '9 s' }).waitFor();
      await screenshot(page, `share-page-${viewport}-${theme}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Downloads: an output's Save, Share and Download keep to the screen.
      await page.goto('/tools/blank-pdf');
      await page.getByRole('button', { name: 'Blank PDF' }).click();
      await page.getByRole('heading', { name: 'Your file is ready' }).waitFor();
      await page.goto('/dashboard/downloads');
      await page.getByRole('button', { name: 'Share blank.pdf' }).waitFor();
      await screenshot(page, `share-downloads-${viewport}-${theme}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);

      // My Documents' row keeps to the screen with its Share action and link count.
      await page.goto('/dashboard/documents');
      await page.getByRole('button', { name: /^Share Site plan .*\(2 active links\)$/ }).waitFor();
      await screenshot(page, `share-documents-${viewport}-${theme}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);
      await page.goto('/dashboard/share');

      await card.getByRole('button', { name: 'More actions for Builder' }).click();
      await page.getByRole('menuitem', { name: 'Edit settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share link' });
      await dialog.getByLabel('Views allowed').waitFor();
      await screenshot(page, `share-dialog-${viewport}-${theme}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
