import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { session as sessionTable, twoFactor as twoFactorTable } from '@wattle/db';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/harness.ts';
import { secretOf, totpCode as codeFor } from '../test/totp.ts';
import { linkIn, mailsTo, signedInUser, TEST_PASSWORD, type TestUser } from '../test/users.ts';

const totpCode = (totpURI: string, at?: number) => codeFor(secretOf(totpURI), at);
/** Turning two-factor on used the current code, and each code works once: sign-in uses the next. */
const nextCode = (totpURI: string) => totpCode(totpURI, Date.now() + 30_000);
const limit = (max: number) => ({ max, windowSeconds: 600 });

let ctx: TestContext;
beforeAll(async () => {
  // Behind a trusted proxy, so each test can speak from its own client IP.
  ctx = await createTestContext(
    { TRUSTED_PROXY: 'true', GOOGLE_CLIENT_ID: 'wattle-test-client.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret' },
    { authLimits: { twoFactor: { ip: limit(8), account: limit(8) } } },
  );
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

let ipCounter = 10;
const freshIp = () => `198.51.100.${ipCounter++}`;

const post = (client: TestClient, path: string, json: unknown, ip = freshIp()) =>
  client.request(`/api/auth${path}`, { method: 'POST', json, headers: { 'x-forwarded-for': ip } });

async function sessionUser(client: TestClient) {
  const body = (await (await client.request('/api/auth/get-session')).json()) as { user: { id: string; email: string; twoFactorEnabled: boolean } } | null;
  return body?.user ?? null;
}

/** A verified account with two-factor turned on through the API, as the Security tab does it. */
async function userWithTwoFactor(): Promise<{ user: TestUser; totpURI: string; backupCodes: string[]; confirmedWith: string }> {
  const { client, user } = await signedInUser(ctx);
  const enable = await post(client, '/two-factor/enable', { password: TEST_PASSWORD });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const confirmedWith = totpCode(totpURI);
  expect((await post(client, '/two-factor/verify-totp', { code: confirmedWith })).status).toBe(200);
  return { user, totpURI, backupCodes, confirmedWith };
}

/** Password accepted: the answer asks for a code, and no session is made yet. */
async function passwordStep(email: string, ip = freshIp()): Promise<TestClient> {
  const client = ctx.client();
  const res = await post(client, '/sign-in/email', { email, password: TEST_PASSWORD }, ip);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ twoFactorRedirect: true });
  expect(await sessionUser(client)).toBeNull();
  return client;
}

describe('turning two-factor on', () => {
  it('asks for the password, names the trading name in the app, and is on only once a code is confirmed', async () => {
    const { client, user } = await signedInUser(ctx);
    const wrong = await post(client, '/two-factor/enable', { password: 'Not#ThePassword1' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toBe('PASSWORD_INCORRECT');

    const enable = await post(client, '/two-factor/enable', { password: TEST_PASSWORD });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Wattle PDF');
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(backupCodes).toHaveLength(10);
    expect((await sessionUser(client))!.twoFactorEnabled).toBe(false);

    // The secret and the backup codes are stored encrypted, never as given.
    const [row] = await ctx.container.db.select().from(twoFactorTable).where(eq(twoFactorTable.userId, user.id));
    expect(row!.secret).not.toContain(uri.searchParams.get('secret'));
    for (const code of backupCodes) expect(row!.backupCodes).not.toContain(code);

    const wrongCode = await post(client, '/two-factor/verify-totp', { code: totpCode(totpURI, Date.now() - 5 * 60_000) });
    expect(wrongCode.status).toBe(401);
    expect((await wrongCode.json()).error.code).toBe('TWO_FACTOR_CODE_INCORRECT');
    expect((await sessionUser(client))!.twoFactorEnabled).toBe(false);

    expect((await post(client, '/two-factor/verify-totp', { code: totpCode(totpURI) })).status).toBe(200);
    // Still signed in (on a new session), now with two-factor on.
    expect((await sessionUser(client))!.twoFactorEnabled).toBe(true);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the right password, refuses a wrong one, and signs in with the right one', async () => {
    const { user, totpURI } = await userWithTwoFactor();
    const client = await passwordStep(user.email);

    const wrong = await post(client, '/two-factor/verify-totp', { code: totpCode(totpURI, Date.now() + 10 * 60_000) });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toMatchObject({ code: 'TWO_FACTOR_CODE_INCORRECT', message: 'That code is not right. Check your authenticator app and try again.' });
    expect(await sessionUser(client)).toBeNull();

    const right = await post(client, '/two-factor/verify-totp', { code: nextCode(totpURI) });
    expect(right.status).toBe(200);
    expect((await sessionUser(client))!.id).toBe(user.id);
  });

  it('takes each code once: the same code again is refused as used, the next one works', async () => {
    const { user, totpURI, confirmedWith } = await userWithTwoFactor();
    // Turning it on used the current code: signing in at once needs the next (the server takes either).
    const client = await passwordStep(user.email);
    const used = await post(client, '/two-factor/verify-totp', { code: confirmedWith });
    expect(used.status).toBe(401);
    expect((await used.json()).error).toMatchObject({ code: 'TWO_FACTOR_CODE_USED', message: 'That code has just been used. Wait for the next one from your authenticator app.' });
    expect(await sessionUser(client)).toBeNull();
    expect((await post(client, '/two-factor/verify-totp', { code: totpCode(totpURI, Date.now() + 30_000) })).status).toBe(200);
  });

  it('refuses a code without the password step first', async () => {
    const { totpURI } = await userWithTwoFactor();
    const res = await post(ctx.client(), '/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('TWO_FACTOR_EXPIRED');
  });

  it('does not ask again on a device trusted for 30 days', async () => {
    const { user, totpURI } = await userWithTwoFactor();
    const client = await passwordStep(user.email);
    const res = await post(client, '/two-factor/verify-totp', { code: nextCode(totpURI), trustDevice: true });
    const trust = res.headers.getSetCookie().find((c) => c.startsWith('wattle.trust_device='));
    expect(trust).toMatch(/Max-Age=2592000/);
    expect(trust).toMatch(/HttpOnly/);

    await client.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(await sessionUser(client)).toBeNull();
    const again = await post(client, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(await again.json()).toMatchObject({ user: { id: user.id } });
    expect((await sessionUser(client))!.id).toBe(user.id);

    // Another browser still needs the code.
    await passwordStep(user.email);
  });

  it('takes a backup code once', async () => {
    const { user, backupCodes } = await userWithTwoFactor();
    const first = await passwordStep(user.email);
    expect((await post(first, '/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200);
    expect((await sessionUser(first))!.id).toBe(user.id);

    const second = await passwordStep(user.email);
    const reused = await post(second, '/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(reused.status).toBe(401);
    expect((await reused.json()).error.code).toBe('BACKUP_CODE_INCORRECT');
    expect(await sessionUser(second)).toBeNull();
    expect((await post(second, '/two-factor/verify-backup-code', { code: backupCodes[1] })).status).toBe(200);
  });

  it('asks for the code after a magic link too, then goes on to the return target', async () => {
    const { user, totpURI } = await userWithTwoFactor();
    const client = ctx.client();
    await post(client, '/sign-in/magic-link', { email: user.email, callbackURL: '/auth/callback?next=%2Fdashboard%2Fdocuments' });
    const [mail] = await mailsTo(ctx, user.email);
    const sessions = () => ctx.container.db.$count(sessionTable, eq(sessionTable.userId, user.id));
    const before = await sessions();

    const link = await client.request(linkIn(ctx, mail!), { headers: { 'x-forwarded-for': freshIp() } });
    expect(link.status).toBe(302);
    const target = new URL(link.headers.get('location')!);
    expect(target.origin + target.pathname).toBe(`${TEST_ORIGIN}/auth/two-factor`);
    expect(target.searchParams.get('next')).toBe('/dashboard/documents');
    expect(await sessionUser(client)).toBeNull();
    // The session the link made is gone from the database as well, not only from the browser.
    expect(await sessions()).toBe(before);

    expect((await post(client, '/two-factor/verify-totp', { code: nextCode(totpURI) })).status).toBe(200);
    expect((await sessionUser(client))!.id).toBe(user.id);
  });
});

/** Google sign-in through our callback, with only Google's token endpoint answered here (as in social.test.ts). */
async function signInWithGoogle(client: TestClient, email: string): Promise<Response> {
  const start = await post(client, '/sign-in/social', { provider: 'google', callbackURL: '/auth/callback?next=%2Fdashboard%2Fdocuments' });
  const state = new URL((await start.json()).url).searchParams.get('state')!;
  const claims = { iss: 'https://accounts.google.com', aud: 'wattle-test-client.apps.googleusercontent.com', exp: Math.floor(Date.now() / 1000) + 600, sub: `google-${email}`, email, email_verified: true, name: 'Banjo Paterson' };
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('https://oauth2.googleapis.com/token')) return realFetch(input, init);
    return Response.json({ access_token: 'ya29.test', expires_in: 3600, token_type: 'Bearer', id_token: `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.` });
  });
  try {
    return await client.request(`/api/auth/callback/google?state=${encodeURIComponent(state)}&code=test-code`, { headers: { 'x-forwarded-for': freshIp() } });
  } finally {
    vi.restoreAllMocks();
  }
}

describe('signing in with a social provider', () => {
  it('asks for the code too once the account has two-factor on', async () => {
    const email = `banjo-${Date.now()}@example.com.au`;
    expect((await signInWithGoogle(ctx.client(), email)).status).toBe(302);
    // A Google account has no password until it sets one (reset link); two-factor asks for it.
    await post(ctx.client(), '/request-password-reset', { email, redirectTo: '/auth/callback?next=/auth/update-password' });
    const token = new URL(linkIn(ctx, (await mailsTo(ctx, email))[0]!), TEST_ORIGIN).searchParams.get('token')!;
    expect((await post(ctx.client(), '/reset-password', { token, newPassword: TEST_PASSWORD })).status).toBe(200);
    const client = ctx.client();
    await post(client, '/sign-in/email', { email, password: TEST_PASSWORD });
    const { totpURI } = (await (await post(client, '/two-factor/enable', { password: TEST_PASSWORD })).json()) as { totpURI: string };
    expect((await post(client, '/two-factor/verify-totp', { code: totpCode(totpURI) })).status).toBe(200);

    const browser = ctx.client();
    const callback = await signInWithGoogle(browser, email);
    expect(callback.status).toBe(302);
    const target = new URL(callback.headers.get('location')!, TEST_ORIGIN);
    expect(target.pathname).toBe('/auth/two-factor');
    expect(target.searchParams.get('next')).toBe('/dashboard/documents');
    expect(await sessionUser(browser)).toBeNull();
    expect((await post(browser, '/two-factor/verify-totp', { code: nextCode(totpURI) })).status).toBe(200);
    expect((await sessionUser(browser))!.email).toBe(email);
  });
});

describe('links followed while signed in', () => {
  it('keep the session: confirming a new email address in the same browser asks for no code', async () => {
    const { user, totpURI } = await userWithTwoFactor();
    const client = await passwordStep(user.email);
    await post(client, '/two-factor/verify-totp', { code: nextCode(totpURI) });
    const newEmail = `moved-${user.id.slice(0, 8)}@example.com.au`.toLowerCase();
    expect((await post(client, '/change-email', { newEmail })).status).toBe(200);
    const [confirm] = await mailsTo(ctx, newEmail);

    const follow = await client.request(linkIn(ctx, confirm!), { headers: { 'x-forwarded-for': freshIp() } });
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).not.toContain('/auth/two-factor');
    expect(await sessionUser(client)).toMatchObject({ id: user.id, email: newEmail });
  });
});

describe('guessing codes', () => {
  it('is limited per account across IPs and browsers, then per IP across accounts', async () => {
    const { user, totpURI } = await userWithTwoFactor();
    const wrong = () => ({ code: totpCode(totpURI, Date.now() + 3_600_000) });
    // Enabling took two of the eight requests the account has in the window.
    for (let i = 0; i < 6; i++) expect((await post(await passwordStep(user.email), '/two-factor/verify-totp', wrong())).status).toBe(401);
    const limited = await post(await passwordStep(user.email), '/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const ip = freshIp();
    for (let i = 0; i < 8; i++) {
      const other = await userWithTwoFactor();
      expect((await post(await passwordStep(other.user.email), '/two-factor/verify-backup-code', { code: 'wrong-guess' }, ip)).status).toBe(401);
    }
    const fresh = await userWithTwoFactor();
    expect((await post(await passwordStep(fresh.user.email), '/two-factor/verify-totp', { code: totpCode(fresh.totpURI) }, ip)).status).toBe(429);
  });
});

describe('changing two-factor', () => {
  it('makes new backup codes with the password, and the old ones stop working', async () => {
    const { user, backupCodes } = await userWithTwoFactor();
    const client = await passwordStep(user.email);
    expect((await post(client, '/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200);

    expect((await post(client, '/two-factor/generate-backup-codes', { password: 'Not#ThePassword1' })).status).toBe(400);
    const res = await post(client, '/two-factor/generate-backup-codes', { password: TEST_PASSWORD });
    const fresh = ((await res.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[1]);

    const next = await passwordStep(user.email);
    expect((await post(next, '/two-factor/verify-backup-code', { code: backupCodes[1] })).status).toBe(401);
    expect((await post(next, '/two-factor/verify-backup-code', { code: fresh[0] })).status).toBe(200);
  });

  it('turns off with the password: sign-in no longer asks, and the secret is gone', async () => {
    const { user, totpURI } = await userWithTwoFactor();
    const client = await passwordStep(user.email);
    await post(client, '/two-factor/verify-totp', { code: nextCode(totpURI) });

    expect((await post(client, '/two-factor/disable', { password: 'Not#ThePassword1' })).status).toBe(400);
    expect((await post(client, '/two-factor/disable', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await sessionUser(client))!.twoFactorEnabled).toBe(false);
    expect(await ctx.container.db.$count(twoFactorTable, eq(twoFactorTable.userId, user.id))).toBe(0);

    const again = ctx.client();
    const res = await post(again, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(await res.json()).toMatchObject({ user: { id: user.id } });
  });
});
