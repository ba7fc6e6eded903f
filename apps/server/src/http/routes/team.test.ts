import { eq } from 'drizzle-orm';
import { invitation, pdfFiles } from '@wattle/db';
import type { Spaces, Team, TeamActivityPage, TeamRole } from '@wattle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { makePdf } from '../../test/pdfs.ts';
import { createTeam, joinTeam, selectTeam, type Person } from '../../test/teams.ts';
import { linkIn, mailsTo, signedInUser } from '../../test/users.ts';

/**
 * Teams through the real app: better-auth's organization endpoints for making and joining them, our
 * /api/v1 routes acting in the selected team, and every role × action answered as the table in
 * packages/shared (TEAM_ACTIONS) says.
 */

let ctx: TestContext;
beforeAll(async () => {
  // Dozens of sign-ups from one address: the per-IP sign-up limit is tested elsewhere.
  ctx = await createTestContext({ RATE_LIMIT_ENABLED: 'false' });
});
afterAll(() => ctx.close());

const post = (client: TestClient, path: string, json: unknown = {}) => client.request(path, { method: 'POST', json });

async function upload(client: TestClient, name: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([(await makePdf({ pages: 1 })) as BlobPart], { type: 'application/pdf' }), name);
  return client.request('/api/documents', { method: 'POST', body: form });
}

async function uploaded(client: TestClient, name: string): Promise<string> {
  const res = await upload(client, name);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const join = (inviter: Person, teamId: string, role: 'admin' | 'member') => joinTeam(ctx, inviter, teamId, role);

describe('invitations', () => {
  it('mails a link that works once, only for the invited address, and joins the team at its role', async () => {
    const owner = await signedInUser(ctx, { name: 'Olive Owner' });
    const teamId = await createTeam(owner, 'Harbour Legal');
    const invitee = await signedInUser(ctx, { name: 'Ivy Invitee' });
    const stranger = await signedInUser(ctx);

    const res = await post(owner.client, '/api/auth/organization/invite-member', { email: invitee.user.email, role: 'member' });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(ctx, invitee.user.email);
    expect(mail!.subject).toBe('Olive Owner invited you to Harbour Legal on Wattle PDF');
    const path = linkIn(ctx, mail!);
    expect(path).toMatch(/^\/team\/invite\/\w+$/);
    const invitationId = path.split('/').pop()!;

    // Another address cannot use it, nor see it.
    const refused = await post(stranger.client, '/api/auth/organization/accept-invitation', { invitationId });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'INVITATION_FOR_ANOTHER_ADDRESS' } });
    expect((await stranger.client.request(`/api/auth/organization/get-invitation?id=${invitationId}`)).status).toBe(403);

    const accepted = await post(invitee.client, '/api/auth/organization/accept-invitation', { invitationId });
    expect(accepted.status).toBe(200);
    // Accepting selects the team: the invitee now acts in it.
    const spaces = (await (await invitee.client.request('/api/v1/spaces')).json()) as Spaces;
    expect(spaces.active).toEqual({ kind: 'team', team: { id: teamId, name: 'Harbour Legal', slug: expect.any(String), role: 'member' } });

    // Once used, it is gone.
    const replayed = await post(invitee.client, '/api/auth/organization/accept-invitation', { invitationId });
    expect(replayed.status).toBe(404);
    expect(await replayed.json()).toMatchObject({ error: { code: 'INVITATION_UNUSABLE' } });

    const team = (await (await owner.client.request('/api/v1/team')).json()) as Team;
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      [owner.user.email, 'owner'],
      [invitee.user.email, 'member'],
    ]);
    const activity = (await (await owner.client.request('/api/v1/team/activity')).json()) as TeamActivityPage;
    expect(activity.items.map((a) => [a.actor, a.action, a.subject])).toEqual([
      ['Ivy Invitee', 'member.joined', invitee.user.email],
      ['Olive Owner', 'member.invited', invitee.user.email],
    ]);
  });

  it('refuses an expired invitation, a revoked one, and an invitation to become the owner', async () => {
    const owner = await signedInUser(ctx);
    await createTeam(owner, 'Expiring Pty Ltd');
    const invitee = await signedInUser(ctx);

    const asOwner = await post(owner.client, '/api/auth/organization/invite-member', { email: invitee.user.email, role: 'owner' });
    expect(asOwner.status).toBe(400);
    expect(await asOwner.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { fieldErrors: { role: [expect.stringContaining('transfer ownership')] } } } });

    const sent = (await (await post(owner.client, '/api/auth/organization/invite-member', { email: invitee.user.email, role: 'member' })).json()) as { id: string };
    await ctx.container.db.update(invitation).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitation.id, sent.id));
    expect((await post(invitee.client, '/api/auth/organization/accept-invitation', { invitationId: sent.id })).status).toBe(404);

    const again = (await (await post(owner.client, '/api/auth/organization/invite-member', { email: invitee.user.email, role: 'member' })).json()) as { id: string };
    expect((await post(owner.client, '/api/auth/organization/cancel-invitation', { invitationId: again.id })).status).toBe(200);
    expect((await post(invitee.client, '/api/auth/organization/accept-invitation', { invitationId: again.id })).status).toBe(404);
  });

  it('says a short name is taken, or not valid, under its field', async () => {
    const owner = await signedInUser(ctx);
    const slug = `taken-${Math.random().toString(36).slice(2, 8)}`;
    expect((await post(owner.client, '/api/auth/organization/create', { name: 'First', slug })).status).toBe(200);
    const taken = await post(owner.client, '/api/auth/organization/create', { name: 'Second', slug });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { code: 'TEAM_SLUG_TAKEN' } });
    const invalid = await post(owner.client, '/api/auth/organization/create', { name: 'Third', slug: 'Not Valid!' });
    expect(await invalid.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { fieldErrors: { slug: [expect.any(String)] } } } });
  });

  it('lets an address with no account sign up from the mail and then join', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await createTeam(owner, 'Newcomers');
    const email = `newcomer-${Math.random().toString(36).slice(2, 8)}@example.com.au`;
    await post(owner.client, '/api/auth/organization/invite-member', { email, role: 'member' });
    const [invite] = await mailsTo(ctx, email);
    const invitationId = linkIn(ctx, invite!).split('/').pop()!;

    const newcomer = await signedInUser(ctx, { email });
    expect((await post(newcomer.client, '/api/auth/organization/accept-invitation', { invitationId })).status).toBe(200);
    expect(((await (await newcomer.client.request('/api/v1/team')).json()) as Team).id).toBe(teamId);
  });
});

describe('the team space', () => {
  it('keeps team documents apart from personal ones, counts them against the team, and logs who did what', async () => {
    const owner = await signedInUser(ctx, { name: 'Olive Owner' });
    const personalId = await uploaded(owner.client, 'personal.pdf');
    const teamId = await createTeam(owner, 'Quay Accounting');
    const member = await join(owner, teamId, 'member');

    const teamDocId = await uploaded(member.client, 'team-ledger.pdf');
    const [row] = await ctx.container.db.select().from(pdfFiles).where(eq(pdfFiles.id, teamDocId));
    expect(row).toMatchObject({ teamId, userId: member.user.id });

    const names = async (client: TestClient) => ((await (await client.request('/api/documents')).json()) as { items: { filename: string }[] }).items.map((d) => d.filename);
    expect(await names(owner.client)).toEqual(['team-ledger.pdf']);
    expect(await names(member.client)).toEqual(['team-ledger.pdf']);
    // The personal file is not reachable from the team space, nor the team's from Personal.
    expect((await owner.client.request(`/api/documents/${personalId}/download`)).status).toBe(404);
    await selectTeam(owner, null);
    expect(await names(owner.client)).toEqual(['personal.pdf']);
    expect((await owner.client.request(`/api/documents/${teamDocId}/download`)).status).toBe(404);
    await selectTeam(owner, teamId);

    const team = (await (await owner.client.request('/api/v1/team')).json()) as Team;
    expect(team.storage.used).toBe(row!.fileSize);
    const memberUsage = (await (await member.client.request('/api/usage')).json()) as { storage_used: number };
    expect(memberUsage.storage_used).toBe(row!.fileSize); // the team's usage, in the team space
    await selectTeam(member, null);
    expect(((await (await member.client.request('/api/usage')).json()) as { storage_used: number }).storage_used).toBe(0);
    await selectTeam(member, teamId);

    expect((await member.client.request(`/api/documents/${teamDocId}`, { method: 'DELETE' })).status).toBe(204);
    const activity = (await (await owner.client.request('/api/v1/team/activity')).json()) as TeamActivityPage;
    expect(activity.items.slice(0, 2).map((a) => [a.actor, a.action, a.subject])).toEqual([
      [member.user.name, 'document.deleted', 'team-ledger.pdf'],
      [member.user.name, 'document.uploaded', 'team-ledger.pdf'],
    ]);
  });

  it('tells every member’s open pages when a team document changes', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await createTeam(owner, 'Live Lists');
    const member = await join(owner, teamId, 'member');
    const heard: string[] = [];
    const unsubscribe = ctx.container.events.subscribe(owner.user.id, (event) => heard.push(event.type));
    await uploaded(member.client, 'fresh.pdf');
    // On PostgreSQL the events travel by NOTIFY: they arrive a moment later.
    await expect.poll(() => heard).toContain('documents.changed');
    unsubscribe();
  });

  it('ends a removed member’s access at their next request, with nothing to tell the team exists', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await createTeam(owner, 'Removal Co');
    const member = await join(owner, teamId, 'admin');
    const docId = await uploaded(owner.client, 'board-minutes.pdf');
    expect((await member.client.request(`/api/documents/${docId}/download`)).status).toBe(200);

    expect((await post(owner.client, '/api/auth/organization/remove-member', { memberIdOrEmail: member.memberId })).status).toBe(200);

    expect((await member.client.request(`/api/documents/${docId}/download`)).status).toBe(404);
    expect((await member.client.request('/api/v1/team')).status).toBe(404);
    expect((await member.client.request('/api/v1/team/activity')).status).toBe(404);
    expect(((await (await member.client.request('/api/v1/spaces')).json()) as Spaces).active).toEqual({ kind: 'personal' });
    // Choosing the team again is refused: to them it no longer exists.
    expect((await selectTeam(member, teamId)).status).toBe(404);
    const activity = (await (await owner.client.request('/api/v1/team/activity')).json()) as TeamActivityPage;
    expect(activity.items[0]).toMatchObject({ action: 'member.removed', subject: member.user.email });
  });

  it('revokes the links a removed or leaving admin made on team documents: the team answers for no link its maker no longer can', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await createTeam(owner, 'Link Keepers');
    const admin = await join(owner, teamId, 'admin');
    const leaver = await join(owner, teamId, 'admin');
    const docId = await uploaded(owner.client, 'tender.pdf');
    const linkBy = async (person: Person) => {
      const res = await post(person.client, '/api/v1/links', { documentId: docId });
      expect(res.status, await res.clone().text()).toBe(201);
      const link = (await res.json()) as { id: string; url: string };
      return { id: link.id, opens: async () => (await ctx.client().request(`/api/s/${link.url.split('/s/')[1]}`)).status };
    };
    const [byAdmin, byLeaver, byOwner] = [await linkBy(admin), await linkBy(leaver), await linkBy(owner)];
    expect([await byAdmin.opens(), await byLeaver.opens(), await byOwner.opens()]).toEqual([200, 200, 200]);

    expect((await post(owner.client, '/api/auth/organization/remove-member', { memberIdOrEmail: admin.memberId })).status).toBe(200);
    expect((await post(leaver.client, '/api/auth/organization/leave', { organizationId: teamId })).status).toBe(200);

    expect([await byAdmin.opens(), await byLeaver.opens(), await byOwner.opens()]).toEqual([410, 410, 200]);
    const listed = (await (await owner.client.request('/api/v1/links')).json()) as { items: { id: string; status: string }[] };
    expect(Object.fromEntries(listed.items.map((l) => [l.id, l.status]))).toEqual({ [byAdmin.id]: 'revoked', [byLeaver.id]: 'revoked', [byOwner.id]: 'active' });
  });

  it('transfers ownership to a member in one step; the old owner stays on as an admin', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await createTeam(owner, 'Handover');
    const next = await join(owner, teamId, 'member');
    expect((await post(next.client, '/api/v1/team/transfer', { memberId: next.memberId })).status).toBe(403);
    expect((await post(owner.client, '/api/v1/team/transfer', { memberId: 'nobody' })).status).toBe(404);
    // Not through a role change: ownership moves only by transfer.
    expect((await post(owner.client, '/api/auth/organization/update-member-role', { memberId: next.memberId, role: 'owner' })).status).toBe(400);

    expect((await post(owner.client, '/api/v1/team/transfer', { memberId: next.memberId })).status).toBe(204);
    const team = (await (await next.client.request('/api/v1/team')).json()) as Team;
    expect(team.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.user.id, 'admin'],
      [next.user.id, 'owner'],
    ]);
    expect(team.role).toBe('owner');
  });

  it('deletes a team with its documents, their bytes and its links', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await createTeam(owner, 'Short Lived');
    const docId = await uploaded(owner.client, 'gone.pdf');
    const [row] = await ctx.container.db.select().from(pdfFiles).where(eq(pdfFiles.id, docId));
    expect(await ctx.container.blobStore.stat(row!.filePath)).toBeDefined();
    expect((await post(owner.client, '/api/v1/links', { documentId: docId })).status).toBe(201);

    expect((await post(owner.client, '/api/auth/organization/delete', { organizationId: teamId })).status).toBe(200);
    expect(await ctx.container.db.select().from(pdfFiles).where(eq(pdfFiles.teamId, teamId))).toEqual([]);
    expect(await ctx.container.blobStore.stat(row!.filePath)).toBeUndefined();
    expect(((await (await owner.client.request('/api/v1/spaces')).json()) as Spaces).active).toEqual({ kind: 'personal' });
  });
});

describe('team API keys', () => {
  it('act in the team, and stop when their maker is no longer an admin', async () => {
    const owner = await signedInUser(ctx);
    const teamId = await createTeam(owner, 'Keyed');
    const admin = await join(owner, teamId, 'admin');
    const { secret } = (await (await post(admin.client, '/api/v1/keys', { name: 'Team script' })).json()) as { secret: string };
    const keyed = (path: string) => ctx.app.request(path, { headers: { authorization: `Bearer ${secret}` } });
    const docId = await uploaded(owner.client, 'shared.pdf');
    const link = (await (await post(owner.client, '/api/v1/links', { documentId: docId })).json()) as { id: string };

    const listed = await keyed('/api/v1/links');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { items: { id: string }[] }).items.map((l) => l.id)).toEqual([link.id]);
    // Keys are listed per space: the team's key is not among the admin's personal ones.
    expect(((await (await owner.client.request('/api/v1/keys')).json()) as { items: unknown[] }).items).toHaveLength(1);
    await selectTeam(admin, null);
    expect(((await (await admin.client.request('/api/v1/keys')).json()) as { items: unknown[] }).items).toHaveLength(0);

    expect((await post(owner.client, '/api/auth/organization/update-member-role', { memberId: admin.memberId, role: 'member' })).status).toBe(200);
    expect((await keyed('/api/v1/links')).status).toBe(401);
    const activity = (await (await owner.client.request('/api/v1/team/activity')).json()) as TeamActivityPage;
    expect(activity.items[0]).toMatchObject({ action: 'member.role_changed', subject: `${admin.user.name}: admin → member` });
  });
});

/**
 * The role × action matrix: each action tried by the owner, an admin, a member, someone removed from
 * the team and an outsider, each in a fresh team, against the status TEAM_ACTIONS implies.
 */
describe('role × action', () => {
  type Actor = TeamRole | 'removed' | 'outsider';
  interface World {
    teamId: string;
    docId: string;
    linkId: string;
    owner: Person;
    others: { admin: Person & { memberId: string }; member: Person & { memberId: string } };
  }
  const actors: Actor[] = ['owner', 'admin', 'member', 'removed', 'outsider'];
  const ok = (status: number) => ({ owner: status, admin: status, member: status, removed: 404, outsider: 404 });
  const adminsOnly = (status: number) => ({ owner: status, admin: status, member: 403, removed: 404, outsider: 404 });

  /** Each action with the status each actor must get. For the removed and the outsider, the team's ids find nothing. */
  const actions: { action: string; expected: Record<Actor, number>; fresh?: true; run: (client: TestClient, world: World) => Promise<Response> }[] = [
    { action: 'download a team document', expected: ok(200), run: (c, w) => c.request(`/api/documents/${w.docId}/download`) },
    { action: 'list the team’s versions of a document', expected: ok(200), run: (c, w) => c.request(`/api/documents/${w.docId}/versions`) },
    { action: 'read a team link', expected: ok(200), run: (c, w) => c.request(`/api/v1/links/${w.linkId}`) },
    { action: 'create a link', expected: { ...adminsOnly(201), removed: 404, outsider: 404 }, run: (c, w) => post(c, '/api/v1/links', { documentId: w.docId }) },
    { action: 'revoke a link', expected: adminsOnly(200), run: (c, w) => post(c, `/api/v1/links/${w.linkId}/revoke`) },
    { action: 'read the team', expected: ok(200), run: (c) => c.request('/api/v1/team') },
    { action: 'read the activity log', expected: ok(200), run: (c) => c.request('/api/v1/team/activity') },
    { action: 'make a team API key', expected: { ...adminsOnly(201), removed: 201, outsider: 201 }, run: (c) => post(c, '/api/v1/keys', { name: 'matrix' }) },
    { action: 'add a team webhook', expected: { ...adminsOnly(201), removed: 201, outsider: 201 }, run: (c) => post(c, '/api/v1/webhooks', { url: 'https://hooks.example.com.au/in', events: ['job.failed'] }) },
    { action: 'delete a team document', expected: ok(204), run: (c, w) => c.request(`/api/documents/${w.docId}`, { method: 'DELETE' }) },
    { action: 'invite someone', expected: adminsOnly(200), run: (c, w) => post(c, '/api/auth/organization/invite-member', { email: 'someone@example.com.au', role: 'member', organizationId: w.teamId }) },
    { action: 'change a member’s role', expected: adminsOnly(200), run: (c, w) => post(c, '/api/auth/organization/update-member-role', { memberId: w.others.member.memberId, role: 'admin', organizationId: w.teamId }) },
    { action: 'rename the team', expected: adminsOnly(200), run: (c, w) => post(c, '/api/auth/organization/update', { organizationId: w.teamId, data: { name: 'Renamed' } }) },
    { action: 'transfer ownership', fresh: true, expected: { owner: 204, admin: 403, member: 403, removed: 404, outsider: 404 }, run: (c, w) => post(c, '/api/v1/team/transfer', { memberId: w.others.admin.memberId }) },
    { action: 'delete the team', fresh: true, expected: { owner: 200, admin: 403, member: 403, removed: 404, outsider: 404 }, run: (c, w) => post(c, '/api/auth/organization/delete', { organizationId: w.teamId }) },
  ];

  async function world(): Promise<World & { actor: Record<Actor, Person> }> {
    const owner = await signedInUser(ctx);
    const teamId = await createTeam(owner, 'Matrix');
    const admin = await join(owner, teamId, 'admin');
    const member = await join(owner, teamId, 'member');
    const removed = await join(owner, teamId, 'member');
    const docId = await uploaded(owner.client, 'matrix.pdf');
    const linkId = ((await (await post(owner.client, '/api/v1/links', { documentId: docId })).json()) as { id: string }).id;
    await post(owner.client, '/api/auth/organization/remove-member', { memberIdOrEmail: removed.memberId });
    const outsider = await signedInUser(ctx);
    return { teamId, docId, linkId, owner, others: { admin, member }, actor: { owner, admin, member, removed, outsider } };
  }

  for (const actor of actors) {
    it(`answers the ${actor} as the role table says`, async () => {
      const seen: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      const shared = await world();
      for (const { action, expected, fresh, run } of actions) {
        const w = fresh ? await world() : shared;
        seen[action] = (await run(w.actor[actor].client, w)).status;
        wanted[action] = expected[actor];
      }
      expect(seen).toEqual(wanted);
    }, 240_000);
  }
});
