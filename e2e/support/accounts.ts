import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningApp } from './app.ts';

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
  await page.goto(await verificationLink(app, email));
  await page.waitForURL(/\/dashboard/);
  return email;
}

async function verificationLink(app: RunningApp, email: string): Promise<string> {
  const dir = join(app.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const name of list(dir)) {
      const mail = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { to: string; text: string };
      const link = mail.to === email ? mail.text.split(/\s+/).find((word) => word.startsWith(`${app.url}/`)) : undefined;
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No verification mail for ${email}`);
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
}
