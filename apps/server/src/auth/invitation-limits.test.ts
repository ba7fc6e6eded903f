import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.ts';
import { linkIn, mailsTo, signedInUser } from '../test/users.ts';

/** Team invitations are mails to someone else's address: limited per inviter, per address and per team, like auth's mails. */
const limit = (max: number) => ({ max, windowSeconds: 3600 });
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { authLimits: { invitation: { inviter: limit(4), address: limit(2), team: limit(5) } } });
});
afterAll(() => ctx.close());

const post = (client: TestClient, path: string, json: unknown) => client.request(`/api/auth/organization${path}`, { method: 'POST', json });
let n = 0;
const address = (name: string) => `${name}-${++n}@example.com.au`;

async function teamOf(client: TestClient): Promise<string> {
  const res = await post(client, '/create', { name: 'Limits Pty Ltd', slug: `limits-${++n}-${Math.random().toString(36).slice(2, 8)}` });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const invite = (client: TestClient, organizationId: string, email: string, resend?: boolean) =>
  post(client, '/invite-member', { email, role: 'admin', organizationId, ...(resend && { resend }) });

describe('team invitations', () => {
  it('mail one address at most so often, however its name is spelt and whether sent again or anew', async () => {
    const { client } = await signedInUser(ctx);
    const teamId = await teamOf(client);
    const email = address('ivy');
    expect((await invite(client, teamId, email)).status).toBe(200);
    expect((await invite(client, teamId, email, true)).status).toBe(200);
    const third = await invite(client, teamId, email.replace('@', '+again@'));
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(ctx, email)).toHaveLength(2);
  });

  it('are limited per inviter across their teams, and per team across its admins', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await teamOf(owner.client);
    // An admin joins through the mailed link (the team's first invitation and the owner's first).
    const admin = await signedInUser(ctx);
    expect((await invite(owner.client, teamId, admin.user.email)).status).toBe(200);
    const [mail] = await mailsTo(ctx, admin.user.email);
    const accepted = await post(admin.client, '/accept-invitation', { invitationId: linkIn(ctx, mail!).split('/').pop() });
    expect(accepted.status, await accepted.clone().text()).toBe(200);

    for (let i = 0; i < 3; i++) expect((await invite(owner.client, teamId, address('team'))).status).toBe(200);
    // The team's fifth invitation is the admin's first; the sixth is one too many for the team.
    expect((await invite(admin.client, teamId, address('team'))).status).toBe(200);
    expect((await invite(admin.client, teamId, address('team'))).status).toBe(429);
    // The owner has sent four: their fifth is refused in another team of theirs, which has sent none.
    const otherTeam = await teamOf(owner.client);
    expect((await invite(owner.client, otherTeam, address('other'))).status).toBe(429);
  });

  it('count only invitations the person may send: a plain member’s refused attempts spend nothing of the team’s', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await teamOf(owner.client);
    const member = await signedInUser(ctx);
    expect((await post(owner.client, '/invite-member', { email: member.user.email, role: 'member', organizationId: teamId })).status).toBe(200);
    const [mail] = await mailsTo(ctx, member.user.email);
    expect((await post(member.client, '/accept-invitation', { invitationId: linkIn(ctx, mail!).split('/').pop() })).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await invite(member.client, teamId, address('nope'))).status).toBe(403);
    for (let i = 0; i < 3; i++) expect((await invite(owner.client, teamId, address('fine'))).status).toBe(200);
  });
});
