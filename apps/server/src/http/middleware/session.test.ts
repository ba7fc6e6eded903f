import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleError } from './error-handler.ts';
import { loadSession, requireUser } from './session.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { signedInUser } from '../../test/users.ts';
import type { AppEnv } from '../types.ts';

let ctx: TestContext;
let probe: Hono<AppEnv>;
beforeAll(async () => {
  ctx = await createTestContext();
  probe = new Hono<AppEnv>();
  probe.onError(handleError);
  probe.use(async (c, next) => {
    c.set('requestId', 'test');
    await next();
  });
  probe.use('/api/*', loadSession(ctx.container));
  probe.get('/api/whoami', (c) => c.json({ user: c.get('user'), session: c.get('session') }));
  probe.get('/api/private', requireUser, (c) => c.json({ ok: true }));
});
afterAll(() => ctx.close());

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('session middleware', () => {
  it('sets user and session from the session cookie', async () => {
    const { client, user } = await signedInUser(ctx, { name: 'Lachlan Smith' });
    const res = await probe.request('/api/whoami', { headers: { cookie: cookieHeader(client.cookies) } });
    const body = await res.json();
    expect(body.user).toEqual({ id: user.id, email: user.email, name: 'Lachlan Smith' });
    expect(body.session).toMatchObject({ id: expect.any(String), expiresAt: expect.any(String) });
    expect((await probe.request('/api/private', { headers: { cookie: cookieHeader(client.cookies) } })).status).toBe(200);
  });

  it('leaves user null and answers 401 UNAUTHORIZED without a session', async () => {
    expect(await (await probe.request('/api/whoami')).json()).toEqual({ user: null, session: null });
    const forged = await probe.request('/api/whoami', { headers: { cookie: 'wattle.session_token=forged.value' } });
    expect((await forged.json()).user).toBeNull();
    const res = await probe.request('/api/private');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });
});
