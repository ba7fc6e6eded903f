import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { secretOf, totpCode } from '../apps/server/src/test/totp.ts';
import { E2E_PASSWORD } from './support/accounts.ts';
import { noToasts, seriousAxeViolations } from './support/axe.ts';
import { screenshot, viewports } from './support/browser.ts';
import { mailedLink } from './support/outbox.ts';
import { appAndBrowserForFile, openSignedInPage } from './support/pages.ts';

const host = appAndBrowserForFile();

const SECURITY = '/dashboard/settings?tab=security';

const signedInPage = (viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light') => openSignedInPage(host, viewport, theme);

/** axe reads a toast that is still fading in as low contrast: check once toasts have gone. */

const card = (page: Page) => page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Two-factor authentication' }) });

/** Signs out through the API (the header's menu is another test's subject) and signs in with the password. */
async function signOutAndIn(page: Page, email: string) {
  expect((await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: host.app.url } })).status()).toBe(200);
  await page.goto(`/auth/login?next=${encodeURIComponent(SECURITY)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/auth\/two-factor\?next=/);
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
}

describe('Two-factor authentication', () => {
  it('is turned on from Security, then sign-in (password or magic link) asks for the code or a backup code and returns to the page asked for', async () => {
    const { page, errors, email } = await signedInPage();
    await page.goto(SECURITY);
    await card(page).getByText('Off', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-card-off-desktop-light');

    await card(page).getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Not#ThePassword1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'The password you entered is not correct.' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Key for your authenticator app').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-setup-desktop-light');

    const codeField = page.getByLabel('2. Enter the 6-digit code the app shows');
    await codeField.fill(totpCode(secret, Date.now() - 10 * 60_000));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await codeField.fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();

    // The backup codes, once: focus moves to them; copy and download both carry all ten.
    const heading = page.getByRole('heading', { name: 'Save your backup codes' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const codes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Copy codes' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('wattle-pdf-backup-codes.txt');
    await noToasts(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-backup-codes-desktop-light');
    await page.getByRole('button', { name: 'I’ve saved my codes' }).click();
    await card(page).getByText('On', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Backup codes' }).count()).toBe(0);

    // Sign-in now asks for the code, then returns to Security (with the next code: each works once).
    await signOutAndIn(page, email);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'two-factor-sign-in-desktop-light');
    await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 10 * 60_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`**${SECURITY}`);
    await card(page).getByText('On', { exact: true }).waitFor();

    // A backup code instead, by keyboard.
    await signOutAndIn(page, email);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(codes[0]!);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${SECURITY}`);

    // A magic link asks for the code too (here the second backup code), then goes on to `next`.
    expect((await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: host.app.url } })).status()).toBe(200);
    await page.goto(`/auth/magic-link?next=${encodeURIComponent(SECURITY)}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.waitForURL('**/auth/verify-email');
    await page.goto(await mailedLink(host.app, email, 'sign-in link'));
    await page.waitForURL(/\/auth\/two-factor\?next=/);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(codes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`**${SECURITY}`);

    // Turned off with the password: sign-in asks for the password only.
    await card(page).getByRole('button', { name: 'Turn off' }).click();
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await noToasts(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await card(page).getByRole('button', { name: 'Turn off' }).click();
    await card(page).getByText('Off', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it.each([
    ['desktop', 'dark'],
    ['phone', 'light'],
    ['phone', 'dark'],
  ] as const)('reads well on %s in %s', async (viewport, theme) => {
    const { page, errors, email } = await signedInPage(viewport, theme);
    // Turned on through the API, as the card does it: this test is about the screens.
    const enabled = await page.request.post('/api/auth/two-factor/enable', { data: { password: E2E_PASSWORD }, headers: { origin: host.app.url } });
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const confirmed = await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: totpCode(secretOf(totpURI)) }, headers: { origin: host.app.url } });
    expect(confirmed.status()).toBe(200);

    await page.goto(SECURITY);
    await card(page).getByText('On', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `two-factor-card-on-${viewport}-${theme}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await signOutAndIn(page, email);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `two-factor-sign-in-${viewport}-${theme}`);
    // The next code: turning it on used the current one.
    await page.getByLabel('Authentication code').fill(totpCode(secretOf(totpURI), Date.now() + 30_000));
    await page.getByLabel('Trust this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`**${SECURITY}`);
    expect(errors).toEqual([]);
  });
});
