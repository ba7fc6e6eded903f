import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../apps/server/src/data-dir.ts';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { E2E_PASSWORD } from './support/accounts.ts';
import { noToasts, seriousAxeViolations } from './support/axe.ts';
import { screenshot, viewports } from './support/browser.ts';
import { mailedLink } from './support/outbox.ts';
import { appAndBrowserForFile, openPage, openSignedInPage } from './support/pages.ts';

const host = appAndBrowserForFile();

const freshPage = (viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light') => openPage(host, viewport, theme);

const signedInPage = (viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light') => openSignedInPage(host, viewport, theme);

const signIn = (page: Page, email: string, password = E2E_PASSWORD) =>
  page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: host.app.url } });

const sessionOf = async (page: Page) => (await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } } | null;

async function openSecurity(page: Page) {
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.waitForURL(/tab=security/);
  await page.getByRole('list', { name: 'Signed-in devices' }).waitFor();
}

/** Every file under the blob store's directory whose path names this person or sits in their folders. */
function storedFilesOf(userId: string): string[] {
  const root = dataPaths(host.app.dataDir).blobs;
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.includes(userId)) found.push(path);
    }
  };
  walk(root);
  return found;
}

describe('Settings → Security', () => {
  it('changes the password with the current one, and signs the other browser out', async () => {
    const { page, errors, email } = await signedInPage();
    const other = await freshPage();
    expect((await signIn(other.page, email)).status()).toBe(200);
    expect(await sessionOf(other.page)).not.toBeNull();

    await openSecurity(page);
    await expect.poll(() => page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem').count()).toBe(2);
    await page.getByText('This device').waitFor();

    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Change password' }) });
    await form.getByLabel('Current password').fill('Not-the-one#1');
    await form.getByLabel('New password', { exact: true }).fill('Kookaburra#Laughs9');
    await form.getByLabel('Confirm new password').fill('Kookaburra#Laughs9');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not correct.').waitFor();

    await form.getByLabel('Current password').fill(E2E_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').first().waitFor();

    expect(await sessionOf(other.page)).toBeNull();
    expect(await sessionOf(page)).not.toBeNull();
    await expect.poll(() => page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem').count()).toBe(1);
    expect((await signIn(other.page, email)).status()).toBe(401);
    expect((await signIn(other.page, email, 'Kookaburra#Laughs9')).status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('changes the email once the link sent to the new address is followed, and tells the old address', async () => {
    const { page, errors, email } = await signedInPage();
    const newEmail = `moved-${email}`;
    await openSecurity(page);
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByText('Check your inbox').waitFor();
    expect(await mailedLink(host.app, email, 'is being changed')).toBe(`${host.app.url}/auth/reset-password`);

    await page.goto(await mailedLink(host.app, newEmail, 'Confirm your new email address'));
    await page.waitForURL(/\/dashboard\/settings\?tab=security/);
    await page.getByText('Email changed').first().waitFor();
    await page.getByText(`You sign in with ${newEmail}`).waitFor();
    expect((await signIn(page, newEmail)).status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('deletes the account after the password, leaving no bytes in storage and no way to sign in', async () => {
    const { page, errors, email } = await signedInPage();
    const userId = (await sessionOf(page))!.user.id;
    const upload = await page.request.post('/api/documents', {
      headers: { origin: host.app.url },
      multipart: { file: { name: 'lease.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) } },
    });
    expect(upload.status()).toBe(201);
    expect(storedFilesOf(userId)).toHaveLength(1);

    await openSecurity(page);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('Not-the-one#1');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('That password is not correct.').waitFor();

    await dialog.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(`${host.app.url}/`);
    await page.getByText('Account deleted').first().waitFor();

    expect(await sessionOf(page)).toBeNull();
    expect((await signIn(page, email)).status()).toBe(401);
    expect(storedFilesOf(userId)).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`looks right on ${viewport}, ${theme}, with no serious axe violations`, async () => {
        const { page, errors } = await signedInPage(viewport, theme);
        await openSecurity(page);
        await noToasts(page);
        await screenshot(page, `account-security-${viewport}-${theme}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);

        await page.getByRole('button', { name: 'Delete account' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        // The dialog zooms in: shoot it once its animations have finished.
        await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
        await screenshot(page, `account-security-delete-${viewport}-${theme}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }
});
