import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user as userTable } from '@wattle/db';
import type { Clock } from '../adapters/clock.ts';
import { createApp } from '../app.ts';
import { composeContainer } from '../composition.ts';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/harness.ts';
import { linkIn, mailsTo, signedInUser, TEST_PASSWORD } from '../test/users.ts';

let offset = 0;
const clock: Clock = { now: () => new Date(Date.now() + offset) };
const limit = (max: number) => ({ max, windowSeconds: 600 });

let ctx: TestContext;
beforeAll(async () => {
  // Behind a trusted proxy, so each test can speak from its own client IP.
  ctx = await createTestContext(
    { TRUSTED_PROXY: 'true' },
    {
      clock,
      authLimits: {
        signIn: { ip: limit(4), account: limit(3) },
        signUp: { ip: limit(3), account: limit(2) },
        magicLink: { ip: limit(3), account: limit(2) },
        passwordReset: { ip: limit(3), account: limit(2) },
        verificationEmail: { ip: limit(3), account: limit(2) },
      },
    },
  );
});
afterAll(() => ctx.close());

let ipCounter = 10;
const freshIp = () => `203.0.113.${ipCounter++}`;
let emailCounter = 0;
const freshEmail = () => `sec-${++emailCounter}-${Date.now()}@example.com.au`;

const post = (client: TestClient, path: string, json: unknown, ip: string, headers: Record<string, string> = {}) =>
  client.request(`/api/auth${path}`, { method: 'POST', json, headers: { 'x-forwarded-for': ip, ...headers } });

describe('no account enumeration', () => {
  it('answers an unknown address exactly like a wrong password', async () => {
    const ip = freshIp();
    const { user } = await signedInUser(ctx);
    const wrong = await post(ctx.client(), '/sign-in/email', { email: user.email, password: 'Wrong#Pass1' }, ip);
    const unknown = await post(ctx.client(), '/sign-in/email', { email: freshEmail(), password: 'Wrong#Pass1' }, ip);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    // Identical apart from each request's own id.
    const sameness = async (res: Response) => ({ ...(await res.json()).error, requestId: undefined });
    expect(await sameness(unknown)).toEqual(await sameness(wrong));
  });

  it('answers sign-up with a registered address like a new one, and mails the owner instead', async () => {
    const { user } = await signedInUser(ctx, { name: 'Grace Taylor' });
    const again = await post(ctx.client(), '/sign-up/email', { email: user.email, password: TEST_PASSWORD, name: 'Someone Else' }, freshIp());
    const fresh = await post(ctx.client(), '/sign-up/email', { email: freshEmail(), password: TEST_PASSWORD, name: 'Someone Else' }, freshIp());
    expect(again.status).toBe(fresh.status);
    const [a, b] = [await again.json(), await fresh.json()];
    expect(Object.keys(a.user).sort()).toEqual(Object.keys(b.user).sort());
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(a).toMatchObject({ user: { email: user.email, emailVerified: false } });
    expect(await ctx.container.db.select().from(userTable).where(eq(userTable.email, user.email))).toHaveLength(1);
    const [mail] = await mailsTo(ctx, user.email);
    expect(mail!.subject).toBe('You already have a Wattle PDF account');
    expect(mail!.text).toContain("G'day Grace,");
  });

  it('answers sign-up with a registered address in the same HTTP shape, echoing nothing of the request', async () => {
    const registered = freshEmail();
    const body = (email: string) => ({ email, password: TEST_PASSWORD, name: 'Someone Else' });
    expect((await post(ctx.client(), '/sign-up/email', body(registered), freshIp())).status).toBe(200);
    // Headers a client might send (or an attacker plant) that must never come back.
    const sent = { 'set-cookie': 'planted=1', 'x-reflect-me': 'yes', 'x-request-id': 'from-client' };
    const again = await post(ctx.client(), '/sign-up/email', body(registered), freshIp(), sent);
    const fresh = await post(ctx.client(), '/sign-up/email', body(freshEmail()), freshIp(), sent);

    const names = (res: Response) => [...res.headers.keys()].sort();
    expect(again.status).toBe(fresh.status);
    expect(names(again)).toEqual(names(fresh));
    for (const res of [again, fresh]) {
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('x-reflect-me')).toBeNull();
      expect(res.headers.get('x-forwarded-for')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    // The whole body arrives (no Content-Length taken from the request), with the same keys in the same order.
    const [a, b] = [JSON.parse(await again.text()), JSON.parse(await fresh.text())];
    const shape = (v: unknown): unknown => (v && typeof v === 'object' ? Object.entries(v).map(([k, x]) => [k, shape(x)]) : typeof v);
    expect(shape(a)).toEqual(shape(b));
  });

  it('sends a fresh verification link instead when the registered address is not verified yet', async () => {
    const email = freshEmail();
    await post(ctx.client(), '/sign-up/email', { email, password: TEST_PASSWORD, name: 'Ada Unverified', callbackURL: '/auth/callback' }, freshIp());
    const again = await post(ctx.client(), '/sign-up/email', { email, password: TEST_PASSWORD, name: 'Ada Unverified', callbackURL: '/auth/callback' }, freshIp());
    expect(again.status).toBe(200);
    const mails = await mailsTo(ctx, email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email address for Wattle PDF', 'Verify your email address for Wattle PDF']);
    const client = ctx.client();
    expect((await client.request(linkIn(ctx, mails[0]!), { headers: { 'x-forwarded-for': freshIp() } })).status).toBe(302);
    expect((await (await client.request('/api/auth/get-session')).json()).user.email).toBe(email);
  });
});

describe('rate limits', () => {
  const expectLimited = async (res: Response) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: 'Please wait a moment before trying again.' } });
  };

  it('limits sign-in per IP across different accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await post(ctx.client(), '/sign-in/email', { email: freshEmail(), password: 'x' }, ip)).status).toBe(401);
    await expectLimited(await post(ctx.client(), '/sign-in/email', { email: freshEmail(), password: 'x' }, ip));
    // Another IP is unaffected.
    expect((await post(ctx.client(), '/sign-in/email', { email: freshEmail(), password: 'x' }, freshIp())).status).toBe(401);
  });

  it('limits sign-in per account across different IPs, even for the right password, until the window passes', async () => {
    const { user } = await signedInUser(ctx);
    const email = user.email.toUpperCase();
    for (let i = 0; i < 3; i++) await post(ctx.client(), '/sign-in/email', { email, password: 'Wrong#Pass1' }, freshIp());
    await expectLimited(await post(ctx.client(), '/sign-in/email', { email: user.email, password: TEST_PASSWORD }, freshIp()));
    offset += 601_000;
    expect((await post(ctx.client(), '/sign-in/email', { email: user.email, password: TEST_PASSWORD }, freshIp())).status).toBe(200);
  });

  it.each([
    ['sign-up', '/sign-up/email', (email: string) => ({ email, password: TEST_PASSWORD, name: 'Rate Limited' }), 2],
    ['magic link', '/sign-in/magic-link', (email: string) => ({ email, callbackURL: '/auth/callback' }), 2],
    ['password reset', '/request-password-reset', (email: string) => ({ email, redirectTo: '/auth/callback?next=/auth/update-password' }), 2],
    ['resend verification', '/send-verification-email', (email: string) => ({ email, callbackURL: '/auth/callback' }), 2],
  ])('limits %s per account and per IP', async (_name, path, body, perAccount) => {
    const email = freshEmail();
    for (let i = 0; i < perAccount; i++) expect((await post(ctx.client(), path, body(email), freshIp())).status).toBe(200);
    await expectLimited(await post(ctx.client(), path, body(email), freshIp()));

    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await post(ctx.client(), path, body(freshEmail()), ip)).status).toBe(200);
    await expectLimited(await post(ctx.client(), path, body(freshEmail()), ip));
  });

  it('counts atomically under concurrent attempts', async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 10 }, () => post(ctx.client(), '/sign-in/email', { email: freshEmail(), password: 'x' }, ip)));
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
  });

  it('keeps the counts in the database, shared by every process', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await post(ctx.client(), '/sign-in/email', { email: freshEmail(), password: 'x' }, ip);
    // A second app on the same database (as a second process would be) sees the same counts.
    const other = await composeContainer(ctx.container.config, { database: { ...ctx.container.database, close: async () => {} }, logger: ctx.container.logger, clock, authLimits: { signIn: { ip: limit(4), account: limit(3) } } });
    const otherApp = createApp(other);
    const res = await otherApp.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email: freshEmail(), password: 'x' }),
    });
    expect(res.status).toBe(429);
    await other.close();
  });

  it('groups an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 4; i++) await post(ctx.client(), '/sign-in/email', { email: freshEmail(), password: 'x' }, `2001:db8:1:2::${i}`);
    await expectLimited(await post(ctx.client(), '/sign-in/email', { email: freshEmail(), password: 'x' }, '2001:db8:1:2:ffff::9'));
  });
});

describe('cross-site requests', () => {
  it('refuses a sign-in posted from a foreign origin', async () => {
    const { user } = await signedInUser(ctx);
    const res = await post(ctx.client(), '/sign-in/email', { email: user.email, password: TEST_PASSWORD }, freshIp(), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toHaveLength(0);
    // Positive control: the same request from our own origin signs in.
    expect((await post(ctx.client(), '/sign-in/email', { email: user.email, password: TEST_PASSWORD }, freshIp())).status).toBe(200);
  });

  it('refuses a cross-site sign-out and other state changes carrying the session cookie', async () => {
    const { client } = await signedInUser(ctx);
    const signOut = await client.request('/api/auth/sign-out', { method: 'POST', json: {}, headers: { origin: 'https://evil.example' } });
    expect(signOut.status).toBe(403);
    const fetchMeta = await client.request('/api/auth/sign-out', { method: 'POST', json: {}, headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' } });
    expect(fetchMeta.status).toBe(403);
    expect((await (await client.request('/api/auth/get-session')).json()).user).toBeTruthy();
  });

  it("refuses better-auth's own way too when our guard is bypassed (cookie with a foreign Origin)", async () => {
    const { client } = await signedInUser(ctx);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await ctx.container.auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-out`, { method: 'POST', headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' }),
    );
    expect(res.status).toBe(403);
  });
});

describe('open redirects', () => {
  const attempts = ['//evil.example', '/\\evil.example', 'https://evil.example', '%2F%2Fevil.example', '/%2F/evil.example', 'javascript:alert(1)'];

  it.each(attempts)('refuses %s as a callback or redirect target', async (target) => {
    const email = freshEmail();
    const bodies: Array<[string, unknown]> = [
      ['/sign-up/email', { email, password: TEST_PASSWORD, name: 'Redirect Test', callbackURL: target }],
      ['/sign-in/magic-link', { email, callbackURL: target }],
      ['/sign-in/magic-link', { email, callbackURL: '/auth/callback', errorCallbackURL: target }],
      ['/request-password-reset', { email, redirectTo: target }],
      ['/send-verification-email', { email, callbackURL: target }],
    ];
    for (const [path, body] of bodies) {
      const res = await post(ctx.client(), path, body, freshIp());
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(403);
    }
    for (const path of [`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`, `/api/auth/magic-link/verify?token=x&callbackURL=${encodeURIComponent(target)}`]) {
      const res = await ctx.client().request(path, { headers: { 'x-forwarded-for': freshIp() } });
      const location = res.headers.get('location');
      if (location) expect(new URL(location, TEST_ORIGIN).origin, path).toBe(TEST_ORIGIN);
      else expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('accepts a same-origin relative target (positive control)', async () => {
    const email = freshEmail();
    expect((await post(ctx.client(), '/sign-in/magic-link', { email, callbackURL: '/auth/callback?next=%2Fdashboard%2Fdocuments' }, freshIp())).status).toBe(200);
    expect((await post(ctx.client(), '/request-password-reset', { email, redirectTo: '/auth/callback?next=/auth/update-password' }, freshIp())).status).toBe(200);
    const res = await ctx.client().request(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent('/auth/callback')}`, { headers: { 'x-forwarded-for': freshIp() } });
    expect(res.headers.get('location')).toBe('/auth/callback?error=invalid_token');
  });

  it('builds mail links on PUBLIC_URL whatever Host or forwarded host the request names', async () => {
    const email = freshEmail();
    await post(ctx.client(), '/sign-up/email', { email, password: TEST_PASSWORD, name: 'Host Test', callbackURL: '/auth/callback' }, freshIp(), {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    const [mail] = await mailsTo(ctx, email);
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html).not.toContain('evil.example');
    expect(linkIn(ctx, mail!)).toMatch(/^\/api\/auth\/verify-email\?/);
  });
});

describe('cookies behind https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestContext({ PUBLIC_URL: 'https://wattle.example' });
    try {
      const origin = { origin: 'https://wattle.example' };
      const client = secure.client();
      await client.request('/api/auth/sign-up/email', { method: 'POST', json: { email: 'secure@example.com.au', password: TEST_PASSWORD, name: 'Sam Secure' }, headers: origin });
      const link = linkIn(secure, (await mailsTo(secure, 'secure@example.com.au'))[0]!);
      const res = await client.request(link, { headers: origin });
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))!;
      expect(cookie).toMatch(/^__Secure-wattle\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });
});
