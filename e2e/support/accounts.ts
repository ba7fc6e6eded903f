import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { RunningApp } from './app.ts';
import { mailedLink } from './outbox.ts';

export const E2E_PASSWORD = 'Wattle#Gold2024';

/**
 * Signs up through the API and follows the verification link from the dev outbox, which signs the
 * browser in and lands on /dashboard. Answers the new account's email.
 */
export async function signUpAndSignIn(page: Page, app: RunningApp, name = 'Matilda Jones'): Promise<string> {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com.au`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: E2E_PASSWORD, name, callbackURL: '/auth/callback' },
    headers: { origin: app.url },
  });
  if (res.status() !== 200) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  await page.goto(await mailedLink(app, email, 'Verify your email'));
  await page.waitForURL(/\/dashboard/);
  return email;
}
