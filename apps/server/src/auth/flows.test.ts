import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, session as sessionTable, usageStatistics, user as userTable, verification } from '@wattle/db';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/harness.ts';
import { linkIn, mailsTo, signedInUser, TEST_PASSWORD } from '../test/users.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let n = 0;
const newEmail = () => `flow-${++n}-${Date.now()}@example.com.au`;

function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

async function signUp(client: TestClient, email: string, name = 'Olivia Nguyen', password = TEST_PASSWORD) {
  return client.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password, name, callbackURL: '/auth/callback' } });
}

async function signIn(client: TestClient, email: string, password = TEST_PASSWORD, rememberMe?: boolean) {
  return client.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) } });
}

async function sessionOf(client: TestClient) {
  return (await client.request('/api/auth/get-session')).json() as Promise<{ user: { id: string; email: string }; session: { token: string; expiresAt: string } } | null>;
}

describe('sign-up and email verification', () => {
  it('sends a branded verification mail whose link verifies the address and signs the user in', async () => {
    const email = newEmail();
    const client = ctx.client();
    const res = await signUp(client, email, 'Olivia Mae Nguyen');
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ user: { email, name: 'Olivia Mae Nguyen', emailVerified: false } });
    expect(answer).not.toHaveProperty('token');
    expect(await sessionOf(client)).toBeNull();

    const [mail] = await mailsTo(ctx, email);
    expect(mail!.subject).toBe('Verify your email address for Wattle PDF');
    expect(mail!.html).toContain('Verify email address');
    expect(mail!.html).toContain('ABN 63 615 000 681');
    expect(mail!.text).toContain(`${TEST_ORIGIN}/api/auth/verify-email?token=`);

    // Not verified yet: the right password is refused with its own code.
    const early = await signIn(ctx.client(), email);
    expect(early.status).toBe(403);
    expect((await early.json()).error.code).toBe('EMAIL_NOT_VERIFIED');

    const verify = await client.request(linkIn(ctx, mail!));
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/auth/callback?link=verify-email');
    const session = await sessionOf(client);
    expect(session!.user.email).toBe(email);

    const [profile] = await ctx.container.db.select().from(profiles).where(eq(profiles.id, session!.user.id));
    expect(profile).toMatchObject({ firstName: 'Olivia', lastName: 'Mae Nguyen', email });
    const [usage] = await ctx.container.db.select().from(usageStatistics).where(eq(usageStatistics.userId, session!.user.id));
    expect(usage!.storageLimit).toBe(52428800);
  });

  it('does not sign in again from a verification link that was already used, and says so', async () => {
    const email = newEmail();
    await signUp(ctx.client(), email);
    const [mail] = await mailsTo(ctx, email);
    expect((await ctx.client().request(linkIn(ctx, mail!))).status).toBe(302);
    const again = ctx.client();
    const reuse = await again.request(linkIn(ctx, mail!));
    expect(reuse.status).toBe(302);
    expect(reuse.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/callback?link=verify-email&error=LINK_USED`);
    expect(await sessionOf(again)).toBeNull();
  });

  it('says the same of an older verification link once the address is verified', async () => {
    const email = newEmail();
    await signUp(ctx.client(), email);
    await ctx.client().request('/api/auth/send-verification-email', { method: 'POST', json: { email, callbackURL: '/auth/callback' } });
    const [newer, older] = await mailsTo(ctx, email);
    expect((await ctx.client().request(linkIn(ctx, newer!))).status).toBe(302);
    const res = await ctx.client().request(linkIn(ctx, older!));
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/callback?link=verify-email&error=LINK_USED`);
  });

  it('signs in once from a verification link clicked several times at once', async () => {
    const email = newEmail();
    await signUp(ctx.client(), email);
    const link = linkIn(ctx, (await mailsTo(ctx, email))[0]!);
    const clients = Array.from({ length: 4 }, () => ctx.client());
    await Promise.all(clients.map((c) => c.request(link)));
    const sessions = await Promise.all(clients.map(sessionOf));
    expect(sessions.filter(Boolean)).toHaveLength(1);
  });

  it('lands an expired or damaged verification link on the callback with its error', async () => {
    const res = await ctx.client().request(`/api/auth/verify-email?token=damaged&callbackURL=${encodeURIComponent('/auth/callback?link=verify-email')}`);
    expect(res.headers.get('location')).toBe('/auth/callback?link=verify-email&error=invalid_token');
  });

  it('enforces the five password rules and the name rule on the server', async () => {
    const res = await signUp(ctx.client(), newEmail(), 'A', 'weakpass');
    expect(res.status).toBe(400);
    const { error: body } = await res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.fieldErrors.name).toEqual(['Full name must be at least 2 characters']);
    expect(body.details.fieldErrors.password).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it('resends the verification mail on request, with the same answer for any address', async () => {
    const email = newEmail();
    await signUp(ctx.client(), email);
    const known = await ctx.client().request('/api/auth/send-verification-email', { method: 'POST', json: { email, callbackURL: '/auth/callback' } });
    const unknown = await ctx.client().request('/api/auth/send-verification-email', { method: 'POST', json: { email: newEmail(), callbackURL: '/auth/callback' } });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await mailsTo(ctx, email)).toHaveLength(2);
  });
});

describe('password sign-in', () => {
  it('signs in with a new token at every sign-in and sets last login', async () => {
    const { user } = await signedInUser(ctx);
    const client = ctx.client();
    client.cookies.set('wattle.session_token', 'planted-by-someone-else');
    const first = await signIn(client, user.email);
    expect(first.status).toBe(200);
    const firstToken = setCookie(first, 'wattle.session_token')!.split(';')[0];
    const second = await signIn(client, user.email);
    const secondToken = setCookie(second, 'wattle.session_token')!.split(';')[0];
    expect(firstToken).not.toBe(secondToken);
    expect(setCookie(second, 'wattle.session_token')).not.toContain('planted');
    const [profile] = await ctx.container.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(Date.now() - profile!.lastLoginAt!.getTime()).toBeLessThan(60_000);
  });

  it('sets HttpOnly, SameSite=Lax cookies, without Secure on http', async () => {
    const { user } = await signedInUser(ctx);
    const cookie = setCookie(await signIn(ctx.client(), user.email, TEST_PASSWORD, true), 'wattle.session_token')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('keeps a remembered session for 30 days and an unremembered one for the browser session (1 day at most)', async () => {
    const { user } = await signedInUser(ctx);
    const longClient = ctx.client();
    const long = await signIn(longClient, user.email, TEST_PASSWORD, true);
    expect(setCookie(long, 'wattle.session_token')).toMatch(/Max-Age=2592000/);
    const longExpiry = new Date((await sessionOf(longClient))!.session.expiresAt).getTime() - Date.now();
    expect(longExpiry).toBeGreaterThan(29 * 86400_000);

    const shortClient = ctx.client();
    const short = await signIn(shortClient, user.email, TEST_PASSWORD, false);
    expect(setCookie(short, 'wattle.session_token')).not.toMatch(/Max-Age|Expires/i);
    const shortExpiry = new Date((await sessionOf(shortClient))!.session.expiresAt).getTime() - Date.now();
    expect(shortExpiry).toBeLessThanOrEqual(86400_000);
    expect(shortExpiry).toBeGreaterThan(23 * 3600_000);
  });

  it('signs out: the cookie is cleared and the token stops working', async () => {
    const { client } = await signedInUser(ctx);
    const token = client.cookies.get('wattle.session_token')!;
    const res = await client.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    expect(client.cookies.has('wattle.session_token')).toBe(false);
    const replay = ctx.client();
    replay.cookies.set('wattle.session_token', token);
    expect(await sessionOf(replay)).toBeNull();
  });
});

describe('magic link', () => {
  const request = (client: TestClient, email: string, callbackURL = '/auth/callback') =>
    client.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email, callbackURL, errorCallbackURL: '/auth/callback' } });

  it('mails a one-time link that signs the user in, and answers the same for an unknown address', async () => {
    const { user } = await signedInUser(ctx);
    const known = await request(ctx.client(), user.email);
    const unknownEmail = newEmail();
    const unknown = await request(ctx.client(), unknownEmail);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await mailsTo(ctx, unknownEmail)).toHaveLength(0);
    expect(await ctx.container.db.select().from(userTable).where(eq(userTable.email, unknownEmail))).toHaveLength(0);

    const [mail] = await mailsTo(ctx, user.email);
    expect(mail!.subject).toBe('Your Wattle PDF sign-in link');
    const link = linkIn(ctx, mail!);
    const client = ctx.client();
    const res = await client.request(link);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/callback`);
    expect((await sessionOf(client))!.user.id).toBe(user.id);

    const second = ctx.client();
    const reuse = await second.request(link);
    expect(reuse.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/callback?error=INVALID_TOKEN`);
    expect(await sessionOf(second)).toBeNull();
  });

  it('stays single-use under concurrent clicks', async () => {
    const { user } = await signedInUser(ctx);
    await request(ctx.client(), user.email);
    const link = linkIn(ctx, (await mailsTo(ctx, user.email))[0]!);
    const before = await ctx.container.db.select().from(sessionTable).where(eq(sessionTable.userId, user.id));
    const clients = Array.from({ length: 5 }, () => ctx.client());
    await Promise.all(clients.map((c) => c.request(link)));
    const after = await ctx.container.db.select().from(sessionTable).where(eq(sessionTable.userId, user.id));
    expect(after.length - before.length).toBe(1);
  });

  it('keeps the return target in the link', async () => {
    const { user } = await signedInUser(ctx);
    await request(ctx.client(), user.email, '/auth/callback?next=/dashboard/documents');
    const res = await ctx.client().request(linkIn(ctx, (await mailsTo(ctx, user.email))[0]!));
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/callback?next=/dashboard/documents`);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) =>
    ctx.client().request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/auth/callback?next=/auth/update-password' } });
  const resetWith = (token: string, newPassword: string) =>
    ctx.client().request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });

  it('mails a link through /auth/callback to the update-password screen; the token works once and the old password stops', async () => {
    const { client: oldSession, user } = await signedInUser(ctx);
    const known = await requestReset(user.email);
    const unknown = await requestReset(newEmail());
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());

    const [mail] = await mailsTo(ctx, user.email);
    expect(mail!.subject).toBe('Reset your Wattle PDF password');
    const link = new URL(linkIn(ctx, mail!), TEST_ORIGIN);
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('next')).toBe('/auth/update-password');
    const token = link.searchParams.get('token')!;

    // Stored only as a hash.
    const rows = await ctx.container.db.select().from(verification);
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);

    // A weak password is refused without spending the token.
    const weak = await resetWith(token, 'short');
    expect(weak.status).toBe(400);
    expect((await weak.json()).error.details.fieldErrors.newPassword).toContain('Password must be at least 8 characters');

    const ok = await resetWith(token, 'New#Wattle2025');
    expect(ok.status).toBe(200);
    expect((await resetWith(token, 'Other#Wattle2025')).status).toBe(400);

    expect((await signIn(ctx.client(), user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(ctx.client(), user.email, 'New#Wattle2025')).status).toBe(200);
    // Sessions from before the reset are revoked.
    expect(await sessionOf(oldSession)).toBeNull();
  });

  it('refuses an unknown token', async () => {
    const res = await resetWith('not-a-real-token', 'New#Wattle2025');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INVALID_TOKEN');
  });
});
