import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, usageStatistics, user as userTable } from '@wattle/db';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ GOOGLE_CLIENT_ID: 'wattle-test-client.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret' });
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

/** An unsigned ID token: better-auth reads Google's claims from the token endpoint's answer. */
function idToken(claims: Record<string, unknown>): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'https://accounts.google.com', aud: 'wattle-test-client.apps.googleusercontent.com', exp: Math.floor(Date.now() / 1000) + 600, ...claims })}.`;
}

describe('social sign-in', () => {
  it('lists only the configured providers', async () => {
    expect((await (await ctx.app.request('/api/config')).json()).socialProviders).toEqual(['google']);
    const res = await ctx.client().request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'facebook', callbackURL: '/auth/callback' } });
    expect(res.status).toBe(404);
  });

  it("redirects to Google's consent screen with our client, callback, state and PKCE", async () => {
    const res = await ctx.client().request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: '/auth/callback' } });
    expect(res.status).toBe(200);
    const { url, redirect } = await res.json();
    expect(redirect).toBe(true);
    const consent = new URL(url);
    expect(consent.origin).toBe('https://accounts.google.com');
    expect(consent.searchParams.get('client_id')).toBe('wattle-test-client.apps.googleusercontent.com');
    expect(consent.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);
    expect(consent.searchParams.get('response_type')).toBe('code');
    expect(consent.searchParams.get('state')).toMatch(/^[\w-]{16,}$/);
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('scope')).toContain('email');
  });

  it('finishes at the callback: creates the account with its rows, signs in, returns to /auth/callback', async () => {
    const client = ctx.client();
    const start = await client.request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: '/auth/callback' } });
    const state = new URL((await start.json()).url).searchParams.get('state')!;

    // Only Google's token endpoint is mocked; everything else goes through.
    const realFetch = globalThis.fetch;
    const tokenCalls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith('https://oauth2.googleapis.com/token')) return realFetch(input, init);
      tokenCalls.push(String(init?.body));
      return Response.json({
        access_token: 'ya29.test',
        expires_in: 3600,
        token_type: 'Bearer',
        id_token: idToken({ sub: 'google-123', email: 'Banjo.Paterson@example.com.au', email_verified: true, name: 'Banjo Paterson', picture: 'https://example.com/p.png' }),
      });
    });

    const callback = await client.request(`/api/auth/callback/google?state=${encodeURIComponent(state)}&code=test-code`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/auth/callback');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]).toContain('code_verifier=');

    const session = await (await client.request('/api/auth/get-session')).json();
    expect(session.user.email).toBe('banjo.paterson@example.com.au');
    const [profile] = await ctx.container.db.select().from(profiles).where(eq(profiles.id, session.user.id));
    expect(profile).toMatchObject({ firstName: 'Banjo', lastName: 'Paterson' });
    expect(profile!.lastLoginAt).toBeInstanceOf(Date);
    expect(await ctx.container.db.select().from(usageStatistics).where(eq(usageStatistics.userId, session.user.id))).toHaveLength(1);

    // The state is single use: replaying the callback fails back to our callback screen.
    const replay = await ctx.client().request(`/api/auth/callback/google?state=${encodeURIComponent(state)}&code=test-code`);
    expect(replay.headers.get('location')).toMatch(/error=/);
    expect(await ctx.container.db.select().from(userTable).where(eq(userTable.email, 'banjo.paterson@example.com.au'))).toHaveLength(1);
  });

  it('refuses a foreign callback target', async () => {
    const res = await ctx.client().request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: 'https://evil.example/' } });
    expect(res.status).toBe(403);
  });
});
