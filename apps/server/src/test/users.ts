import { randomUUID } from 'node:crypto';
import type { StoredMail } from '../adapters/mailer.ts';
import type { TestClient, TestContext } from './harness.ts';

export interface TestUser {
  id: string;
  email: string;
  name: string;
}

export const TEST_PASSWORD = 'Wattle#Gold2024';

/** Mails sent to one address, newest first, once every mail in flight has been written. */
export async function mailsTo(ctx: TestContext, email: string): Promise<StoredMail[]> {
  await ctx.container.auth.mailIdle();
  return ctx.mails(email.toLowerCase());
}

/** The first link on our public URL in a mail's text, as a path the test app can request. */
export function linkIn(ctx: TestContext, mail: StoredMail): string {
  const base = ctx.container.config.publicUrl;
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(`${base}/`));
  if (!found) throw new Error(`No link to ${base} in the mail "${mail.subject}"`);
  const url = new URL(found);
  return url.pathname + url.search;
}

/**
 * An account created, verified and signed in through the real API: sign-up, then the link from
 * the verification mail, which signs the user in. The client carries the session cookie.
 */
export async function signedInUser(
  ctx: TestContext,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<{ client: TestClient; user: TestUser }> {
  const email = (options.email ?? `user-${randomUUID().slice(0, 8)}@example.com.au`).toLowerCase();
  const name = options.name ?? 'Test User';
  const client = ctx.client();
  const signUp = await client.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: options.password ?? TEST_PASSWORD, name, callbackURL: '/auth/callback' },
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const [mail] = await mailsTo(ctx, email);
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const verify = await client.request(linkIn(ctx, mail));
  if (verify.status !== 302) throw new Error(`verification failed: ${verify.status} ${await verify.text()}`);
  const session = await client.request('/api/auth/get-session');
  const body = (await session.json()) as { user?: TestUser } | null;
  if (!body?.user) throw new Error('not signed in after verification');
  return { client, user: { id: body.user.id, email: body.user.email, name: body.user.name } };
}
