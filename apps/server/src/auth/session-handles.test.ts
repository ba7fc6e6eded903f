import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.ts';
import { signedInUser, TEST_PASSWORD } from '../test/users.ts';

/** Session tokens never reach a page's script: the cookie is HttpOnly, and the JSON answers carry handles. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type SessionRow = { id: string; token: string };
const cookieToken = (client: TestClient) => [...client.cookies.entries()].find(([name]) => name.endsWith('session_token'))?.[1].split('.')[0];
const sessionsOf = async (client: TestClient) => (await (await client.request('/api/auth/list-sessions')).json()) as SessionRow[];
const signedIn = async (client: TestClient) => ((await (await client.request('/api/auth/get-session')).json()) as { session: SessionRow } | null) !== null;

describe('session handles', () => {
  it('answers get-session and list-sessions with handles, never the cookie’s token', async () => {
    const { client } = await signedInUser(ctx);
    const token = cookieToken(client)!;
    expect(token).toBeTruthy();
    const { session } = (await (await client.request('/api/auth/get-session')).json()) as { session: SessionRow };
    expect(session.token).toMatch(/^handle_/);
    expect(JSON.stringify(await sessionsOf(client))).not.toContain(token);
    expect((await sessionsOf(client))[0]!.token).toBe(session.token);
  });

  it('signs out another device by its handle, and a handle of someone else’s session signs out nobody', async () => {
    const { client, user } = await signedInUser(ctx);
    const otherDevice = ctx.client();
    await otherDevice.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: TEST_PASSWORD } });
    const stranger = (await signedInUser(ctx)).client;
    const strangersHandle = (await sessionsOf(stranger))[0]!.token;

    expect((await client.request('/api/auth/revoke-session', { method: 'POST', json: { token: strangersHandle } })).status).toBeLessThan(500);
    expect(await signedIn(stranger)).toBe(true);

    const current = ((await (await client.request('/api/auth/get-session')).json()) as { session: SessionRow }).session.id;
    const other = (await sessionsOf(client)).find((s) => s.id !== current)!;
    expect((await client.request('/api/auth/revoke-session', { method: 'POST', json: { token: other.token } })).status).toBe(200);
    expect(await signedIn(otherDevice)).toBe(false);
    expect(await signedIn(client)).toBe(true);
  });
});

describe('sign-in answers', () => {
  it('carry no session token: sign-in, and a password change that signs other devices out', async () => {
    const { user } = await signedInUser(ctx);
    const client = ctx.client();
    const signIn = await client.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(200);
    const token = cookieToken(client)!;
    const answer = (await signIn.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ user: { email: user.email } });
    expect(answer).not.toHaveProperty('token');
    expect(JSON.stringify(answer)).not.toContain(token);

    const change = await client.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'New#Wattle2025', revokeOtherSessions: true },
    });
    expect(change.status).toBe(200);
    const changed = (await change.json()) as Record<string, unknown>;
    expect(changed).toMatchObject({ user: { email: user.email } });
    expect(changed).not.toHaveProperty('token');
    expect(JSON.stringify(changed)).not.toContain(cookieToken(client)!);
  });
});
