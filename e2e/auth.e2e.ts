import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from './support/accounts.ts';
import { startApp } from './support/app.ts';
import { newContext, screenshot, viewports } from './support/browser.ts';
import { mailedLink } from './support/outbox.ts';
import { appAndBrowserForFile } from './support/pages.ts';

const host = appAndBrowserForFile();

const PASSWORD = 'Wattle#Gold2024';
const NEW_PASSWORD = 'Banksia#Bloom2025';
const newEmail = () => `auth-${randomUUID().slice(0, 8)}@example.com.au`;

async function withPage<T>(run: (page: Page, context: BrowserContext) => Promise<T>, viewport: keyof typeof viewports = 'desktop', theme: 'light' | 'dark' = 'light'): Promise<T> {
  const context = await newContext(host.browser, host.app.url, viewport, theme);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const result = await run(page, context);
    expect(errors).toEqual([]);
    return result;
  } finally {
    await context.close();
  }
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signUpInBrowser(page: Page, email: string) {
  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill('Matilda Jane Brown');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await toast(page, 'Account created!').first().waitFor();
  await page.waitForURL('**/auth/verify-email');
}

/** The public top bar's Sign Out: the session ends and the visitor lands on /. */
async function signOutFromHeader(page: Page) {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
}

/** A new account whose email is verified through the mailed link, signed out again on the sign-in page. */
async function signUpVerifiedAndSignedOut(page: Page, email: string) {
  await signUpInBrowser(page, email);
  await page.goto(await mailedLink(host.app, email, 'Verify your email'));
  await page.waitForURL('**/dashboard');
  await signOutFromHeader(page);
  await page.goto('/auth/login');
}

/** From the sign-in page, asks for a mailed link (reset or sign-in) and waits for the check-your-email page. */
async function askForMailedLink(page: Page, email: string, the: { link: string; form: string; button: string; sent: string }) {
  await page.getByRole('link', { name: the.link }).click();
  await page.waitForURL(`**${the.form}`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: the.button }).click();
  await toast(page, the.sent).first().waitFor();
  await page.waitForURL('**/auth/verify-email');
}

describe('accounts in the browser', () => {
  it('signs up, verifies by mail, signs out and in, and returns to a guarded page after sign-in', async () => {
    const email = newEmail();
    await withPage(async (page) => {
      await signUpInBrowser(page, email);
      await page.getByText(email).waitFor();

      await page.goto(await mailedLink(host.app, email, 'Verify your email'));
      await page.waitForURL('**/dashboard');
      await toast(page, 'Welcome!').first().waitFor();

      await signOutFromHeader(page);

      // A wrong password: inline alert and the destructive toast.
      await page.goto('/auth/login');
      await signInWithPassword(page, email, 'Wrong#Pass1');
      await page.getByRole('alert').filter({ hasText: 'The email or password you entered is incorrect. Please try again.' }).waitFor();
      await toast(page, 'Sign In Failed').first().waitFor();

      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL('**/dashboard');
      await toast(page, 'Welcome back!').first().waitFor();

      await signOutFromHeader(page);

      // Dashboard guard: the requested page is remembered and reached after sign-in.
      await page.goto('/dashboard/profile');
      await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('next') === '/dashboard/profile');
      await signInWithPassword(page, email, PASSWORD);
      await page.waitForURL('**/dashboard/profile');
      // History was replaced: going back does not return to the sign-in form.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');

      await signOutFromHeader(page);
    });
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const email = newEmail();
    await withPage(async (page) => {
      await signUpVerifiedAndSignedOut(page, email);
      await askForMailedLink(page, email, { link: 'Forgot password?', form: '/auth/reset-password', button: 'Send reset link', sent: 'Reset link sent!' });

      await page.goto(await mailedLink(host.app, email, 'Reset your'));
      await page.waitForURL('**/auth/update-password');
      // The token is not left in the address bar.
      expect(page.url()).not.toContain('token=');
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Update password' }).click();
      await toast(page, 'Account Updated').first().waitFor();
      await page.waitForURL('**/auth/login');

      await signInWithPassword(page, email, PASSWORD);
      await page.getByRole('alert').filter({ hasText: 'The email or password you entered is incorrect.' }).waitFor();
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL('**/dashboard');
    });
  });

  it('signs in with a magic link, once', async () => {
    const email = newEmail();
    await withPage(async (page) => {
      await signUpVerifiedAndSignedOut(page, email);
      await askForMailedLink(page, email, { link: 'Email me a sign-in link instead', form: '/auth/magic-link', button: 'Send magic link', sent: 'Magic link sent!' });

      const link = await mailedLink(host.app, email, 'sign-in link');
      await page.goto(link);
      await page.waitForURL('**/dashboard');
      await signOutFromHeader(page);

      // Used once already: the callback says so and offers sign-in.
      await page.goto(link);
      await page.waitForURL('**/auth/login');
      await toast(page, 'Error').filter({ hasText: 'The login link has expired. Please request a new one.' }).first().waitFor();
    });
  });

  it('signs out from the dashboard to / even while the home page is still loading', async () => {
    await withPage(async (page) => {
      await signUpAndSignIn(page, host.app);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The home page's lazy chunk is held until the page shows it is still loading it.
      await page.route(/\/assets\/landing-page-[\w-]+\.js$/, async (route) => {
        await page.getByRole('progressbar', { name: 'Loading page' }).waitFor();
        await route.continue();
      });
      await page.getByRole('button', { name: 'Sign Out', exact: true }).filter({ visible: true }).first().click();
      // Settled on either screen: the home page's top bar, or the sign-in form.
      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).or(page.getByRole('heading', { name: 'Welcome back' })).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  it('explains a verification link used a second time, and offers sign-in or a new link', async () => {
    const email = newEmail();
    await withPage(async (page) => {
      await signUpInBrowser(page, email);
      const link = await mailedLink(host.app, email, 'Verify your email');
      await page.goto(link);
      await page.waitForURL('**/dashboard');
      await signOutFromHeader(page);

      await page.goto(link);
      await page.getByRole('heading', { name: 'Link no longer valid' }).waitFor();
      await page.getByText('This verification link has already been used or has expired.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/verify-email');
      // Resending answers the same for any address, so it says nothing about who has an account.
      await page.getByLabel('Email').fill(newEmail());
      await page.getByRole('button', { name: 'Resend verification email' }).click();
      await toast(page, 'Verification email sent!').first().waitFor();
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/auth/login');
    });
  });

  it('shows a social sign-in button only for a provider the server has credentials for', async () => {
    await withPage(async (page) => {
      // This app has none: no buttons, and no "Or continue with" over nothing.
      for (const path of ['/auth/login', '/auth/signup']) {
        const config = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/config');
        await page.goto(path);
        await config;
        await page.getByLabel('Email').waitFor();
        expect(await page.getByRole('button', { name: /^Continue with / }).count()).toBe(0);
        expect(await page.getByText('Or continue with').count()).toBe(0);
      }
    });
    const withGoogle = await startApp({ GOOGLE_CLIENT_ID: 'wattle-e2e.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'e2e-secret' });
    try {
      const context = await newContext(host.browser, withGoogle.url);
      const page = await context.newPage();
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
      expect(await page.getByRole('button', { name: /^Continue with / }).count()).toBe(1);
      await context.close();
    } finally {
      await withGoogle.stop();
    }
  });
});

describe('auth screens', () => {
  const screens: Array<[string, string, (page: Page) => Promise<void>]> = [
    ['login', '/auth/login', async (page) => void (await page.getByRole('heading', { name: 'Welcome back' }).waitFor())],
    [
      'signup',
      '/auth/signup',
      async (page) => {
        await page.getByRole('heading', { name: 'Create an account' }).waitFor();
        await page.getByLabel('Password', { exact: true }).fill('Wattle2');
      },
    ],
    ['magic-link', '/auth/magic-link', async (page) => void (await page.getByRole('heading', { name: 'Sign in with a magic link' }).waitFor())],
    ['reset-password', '/auth/reset-password', async (page) => void (await page.getByRole('heading', { name: 'Reset Password' }).waitFor())],
    ['verify-email', '/auth/verify-email', async (page) => void (await page.getByRole('heading', { name: 'Check your email' }).waitFor())],
    ['verify-link-invalid', '/auth/verify-email?link=invalid', async (page) => void (await page.getByRole('heading', { name: 'Link no longer valid' }).waitFor())],
    ['update-password', '/auth/update-password', async (page) => void (await page.getByRole('heading', { name: 'Update password' }).waitFor())],
  ];

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`are captured at ${viewport} width in the ${theme} theme`, async () => {
        await withPage(
          async (page) => {
            for (const [name, path, ready] of screens) {
              await page.goto(path);
              await ready(page);
              // Fonts loaded and transitions (the strength bar) finished before the picture.
              await page.evaluate(() => document.fonts.ready);
              await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
              await screenshot(page, `auth-${name}-${viewport}-${theme}`);
            }
          },
          viewport,
          theme,
        );
      });
    }
  }
});
