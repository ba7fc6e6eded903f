import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { documentVersions, jobInputs, jobOutputs, jobs, member, organization, pdfFiles, profiles, schema, teamActivity } from '@wattle/db';
import { startWorker, type Worker } from '../jobs/worker.ts';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/harness.ts';
import { makeJpeg } from '../test/images.ts';
import { jobForm, postJob, waitForJob } from '../test/jobs.ts';
import { makePdf } from '../test/pdfs.ts';
import { linkIn, mailsTo, signedInUser, TEST_PASSWORD, type TestUser } from '../test/users.ts';

/** Account security through better-auth's own endpoints: password, email, sessions, deletion. */
let ctx: TestContext;
let worker: Worker;
beforeAll(async () => {
  ctx = await createTestContext();
  worker = await startWorker(ctx.container, { periodic: false });
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});

const NEW_PASSWORD = 'Kookaburra#Laughs9';
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function signIn(email: string, password = TEST_PASSWORD): Promise<{ client: TestClient; status: number }> {
  const client = ctx.client();
  const res = await client.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  return { client, status: res.status };
}

async function sessionUser(client: TestClient): Promise<{ id: string; email: string } | null> {
  const body = (await (await client.request('/api/auth/get-session')).json()) as { user: { id: string; email: string } } | null;
  return body?.user ?? null;
}

describe('change password', () => {
  it('needs the current password, keeps this device signed in and signs every other one out', async () => {
    const { client, user } = await signedInUser(ctx);
    const other = await signIn(user.email);
    expect(await sessionUser(other.client)).not.toBeNull();

    const res = await client.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
    });
    expect(res.status).toBe(200);
    expect(await sessionUser(client)).toMatchObject({ id: user.id });
    expect(await sessionUser(other.client)).toBeNull();
    expect((await signIn(user.email)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password with its own code, and leaves the password as it was', async () => {
    const { client, user } = await signedInUser(ctx);
    const res = await client.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'Not-the-one#1', newPassword: NEW_PASSWORD, revokeOtherSessions: true },
    });
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('PASSWORD_INCORRECT');
    expect((await signIn(user.email)).status).toBe(200);
  });

  it('holds the new password to the sign-up rules', async () => {
    const { client } = await signedInUser(ctx);
    const res = await client.request('/api/auth/change-password', { method: 'POST', json: { currentPassword: TEST_PASSWORD, newPassword: 'weakpass', revokeOtherSessions: true } });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.fieldErrors.newPassword).toContain('Password must contain at least one number');
  });
});

describe('change email', () => {
  const changeEmail = (client: TestClient, newEmail: string) => client.request('/api/auth/change-email', { method: 'POST', json: { newEmail } });

  it('confirms at the new address, tells the old one, and changes the address only once the link is followed', async () => {
    const { client, user } = await signedInUser(ctx, { name: 'Olivia Nguyen' });
    const newEmail = `moved-${user.id.slice(0, 8)}@example.com.au`.toLowerCase();
    expect((await changeEmail(client, newEmail)).status).toBe(200);

    const [confirm] = await mailsTo(ctx, newEmail);
    expect(confirm!.subject).toBe('Confirm your new email address for Wattle PDF');
    const [notice] = await mailsTo(ctx, user.email);
    expect(notice!.subject).toBe('Your Wattle PDF email address is being changed');
    expect(notice!.text).toContain(newEmail);

    // Nothing changes until the new address confirms.
    expect(await sessionUser(client)).toMatchObject({ email: user.email });
    expect((await signIn(newEmail)).status).toBe(401);

    const follow = await client.request(linkIn(ctx, confirm!));
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('/auth/callback?link=change-email&next=%2Fdashboard%2Fsettings%3Ftab%3Dsecurity');
    expect(await sessionUser(client)).toMatchObject({ email: newEmail });
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(user.email)).status).toBe(401);
    const [profile] = await ctx.container.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile!.email).toBe(newEmail);

    // The link has done its work: a second click changes nothing.
    const again = await ctx.client().request(linkIn(ctx, confirm!));
    expect(again.headers.get('location')).toContain('error=');
  });

  it('stops a pending change once the password is changed (the notice tells the owner to do just that)', async () => {
    const { client, user } = await signedInUser(ctx);
    const newEmail = `hijack-${user.id.slice(0, 8)}@example.com.au`.toLowerCase();
    expect((await changeEmail(client, newEmail)).status).toBe(200);
    const [confirm] = await mailsTo(ctx, newEmail);
    const changed = await client.request('/api/auth/change-password', { method: 'POST', json: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true } });
    expect(changed.status).toBe(200);

    const follow = await ctx.client().request(linkIn(ctx, confirm!));
    expect(follow.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/callback?link=change-email&next=%2Fdashboard%2Fsettings%3Ftab%3Dsecurity&error=LINK_USED`);
    expect(await sessionUser(client)).toMatchObject({ email: user.email });
    expect((await signIn(newEmail, NEW_PASSWORD)).status).toBe(401);
  });

  it("answers a registered address like any other, and sends that account's owner nothing", async () => {
    const { client, user } = await signedInUser(ctx);
    const { user: taken } = await signedInUser(ctx);
    const before = (await mailsTo(ctx, taken.email)).length;
    const res = await changeEmail(client, taken.email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    expect(await mailsTo(ctx, taken.email)).toHaveLength(before);
    expect(await sessionUser(client)).toMatchObject({ email: user.email });
  });
});

describe('active sessions', () => {
  it('lists each device with its browser, address and times, and signs out one or every other', async () => {
    const { client, user } = await signedInUser(ctx);
    const phone = ctx.client();
    await phone.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'x-forwarded-for': '203.0.113.7' },
      json: { email: user.email, password: TEST_PASSWORD },
    });
    const tablet = (await signIn(user.email)).client;

    const list = (await (await client.request('/api/auth/list-sessions')).json()) as Array<{ token: string; userAgent: string | null; ipAddress: string | null; createdAt: string; updatedAt: string }>;
    expect(list).toHaveLength(3);
    const phoneSession = list.find((s) => s.userAgent?.includes('iPhone'));
    expect(phoneSession).toMatchObject({ ipAddress: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String) });

    expect((await client.request('/api/auth/revoke-session', { method: 'POST', json: { token: phoneSession!.token } })).status).toBe(200);
    expect(await sessionUser(phone)).toBeNull();
    expect(await sessionUser(tablet)).not.toBeNull();

    expect((await client.request('/api/auth/revoke-other-sessions', { method: 'POST', json: {} })).status).toBe(200);
    expect(await sessionUser(tablet)).toBeNull();
    expect(await sessionUser(client)).toMatchObject({ id: user.id });
    expect(await (await client.request('/api/auth/list-sessions')).json()).toHaveLength(1);
  });

  it("cannot end another person's session", async () => {
    const alice = await signedInUser(ctx);
    const bob = await signedInUser(ctx);
    const [bobSession] = (await (await bob.client.request('/api/auth/list-sessions')).json()) as Array<{ token: string }>;
    await alice.client.request('/api/auth/revoke-session', { method: 'POST', json: { token: bobSession!.token } });
    expect(await sessionUser(bob.client)).toMatchObject({ id: bob.user.id });
  });
});

describe('delete account', () => {
  const deleteAccount = (client: TestClient, password?: string) => client.request('/api/auth/delete-user', { method: 'POST', json: password === undefined ? {} : { password } });

  /** A person with something of every kind: documents with versions, a job's upload and outputs, a link, avatar, signatures. */
  async function personWithEverything(): Promise<{ client: TestClient; user: TestUser }> {
    const person = await signedInUser(ctx);
    const { client } = person;
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(await makePdf({ pages: 2 }))], { type: 'application/pdf' }), 'lease.pdf');
    const doc = (await (await client.request('/api/documents', { method: 'POST', body })).json()) as { id: string };

    const edit = await postJob(client, jobForm('edit', [], { options: { operations: [{ type: 'text', page: 1, x: 72, y: 72, text: 'Signed' }] }, fileIds: [doc.id] }));
    const edited = await waitForJob(client, (await edit.json()).id);
    const saved = await client.request(`/api/documents/${doc.id}/versions`, { method: 'POST', json: { outputId: edited.outputs[0]!.id } });
    expect(saved.status, await saved.clone().text()).toBe(201);

    const upload = await postJob(client, jobForm('edit', [{ name: 'memo.pdf', bytes: await makePdf() }], { options: { operations: [{ type: 'text', page: 1, x: 72, y: 72, text: 'Memo' }] } }));
    expect((await waitForJob(client, (await upload.json()).id)).status).toBe('succeeded');

    const link = await client.request('/api/v1/links', { method: 'POST', json: { documentId: doc.id } });
    expect(link.status, await link.clone().text()).toBe(201);

    const avatar = new FormData();
    avatar.set('file', new Blob([new Uint8Array(await makeJpeg(400, 400))], { type: 'image/jpeg' }), 'avatar.jpg');
    expect((await client.request('/api/profile/avatar', { method: 'PUT', body: avatar })).status).toBe(200);
    const ink = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
    for (const kind of ['signature', 'initials']) {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(ink)], { type: 'image/png' }), 'ink.png');
      expect((await client.request(`/api/profile/signatures/${kind}`, { method: 'PUT', body: form })).status).toBe(200);
    }
    return person;
  }

  /** Every blob key the person's rows name, plus the avatar and signatures kept by user id. */
  async function blobKeysOf(userId: string): Promise<string[]> {
    const db = ctx.container.db;
    const docs = await db.select({ key: pdfFiles.filePath }).from(pdfFiles).where(eq(pdfFiles.userId, userId));
    const versions = await db.select({ key: documentVersions.filePath }).from(documentVersions).innerJoin(pdfFiles, eq(pdfFiles.id, documentVersions.documentId)).where(eq(pdfFiles.userId, userId));
    const inputs = await db.select({ key: jobInputs.blobKey }).from(jobInputs).innerJoin(jobs, eq(jobs.id, jobInputs.jobId)).where(eq(jobs.userId, userId));
    const outputs = await db.select({ key: jobOutputs.blobKey }).from(jobOutputs).where(eq(jobOutputs.userId, userId));
    return [...new Set([...docs, ...versions, ...inputs, ...outputs].map((r) => r.key)), `avatars/${userId}.jpg`, `signatures/${userId}/signature.png`, `signatures/${userId}/initials.png`];
  }

  async function storedKeys(keys: string[]): Promise<string[]> {
    const present = await Promise.all(keys.map(async (key) => ((await ctx.container.blobStore.stat(key)) ? key : null)));
    return present.filter((key): key is string => key !== null);
  }

  /** Rows in any table whose user column names this person. */
  async function rowsNaming(userId: string): Promise<string[]> {
    const found: string[] = [];
    for (const [name, table] of Object.entries(schema)) {
      if (!(table && typeof table === 'object' && Symbol.for('drizzle:IsDrizzleTable') in table)) continue;
      const columns = getTableColumns(table as PgTable);
      for (const column of Object.values(columns)) {
        if (!['user_id', 'actor_user_id', 'inviter_id'].includes(column.name) && !(name === 'user' && column.name === 'id') && !(name === 'profiles' && column.name === 'id')) continue;
        const [{ n }] = (await ctx.container.db.select({ n: sql<number>`count(*)::int` }).from(table as PgTable).where(eq(column, userId))) as [{ n: number }];
        if (n > 0) found.push(`${name}.${column.name}`);
      }
    }
    return found;
  }

  it('asks for the password', async () => {
    const { client, user } = await signedInUser(ctx);
    const none = await deleteAccount(client);
    expect(none.status).toBe(400);
    expect(await codeOf(none)).toBe('VALIDATION_FAILED');
    const wrong = await deleteAccount(client, 'Not-the-one#1');
    expect(await codeOf(wrong)).toBe('PASSWORD_INCORRECT');
    expect(await sessionUser(client)).toMatchObject({ id: user.id });
  });

  it('is refused while the person owns a team', async () => {
    const { client, user } = await signedInUser(ctx);
    const teamId = `team-${user.id}`;
    await ctx.container.db.insert(organization).values({ id: teamId, name: 'Gumtree Legal', slug: teamId });
    await ctx.container.db.insert(member).values({ id: `member-${user.id}`, organizationId: teamId, userId: user.id, role: 'owner' });
    const res = await deleteAccount(client, TEST_PASSWORD);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'TEAM_OWNER', message: 'Transfer or delete your team first.' } });
    expect(await sessionUser(client)).toMatchObject({ id: user.id });
  });

  it("erases every row and byte of the person, signs them out everywhere, mails a confirmation, and leaves another person's data alone", async () => {
    const alice = await personWithEverything();
    const bob = await personWithEverything();
    const aliceKeys = await blobKeysOf(alice.user.id);
    const bobKeys = await blobKeysOf(bob.user.id);
    expect(aliceKeys.length).toBeGreaterThanOrEqual(8);
    expect(await storedKeys(aliceKeys)).toEqual(aliceKeys);
    const otherDevice = (await signIn(alice.user.email)).client;

    const res = await deleteAccount(alice.client, TEST_PASSWORD);
    expect(res.status).toBe(200);

    expect(await storedKeys(aliceKeys)).toEqual([]);
    expect(await rowsNaming(alice.user.id)).toEqual([]);
    expect(await sessionUser(alice.client)).toBeNull();
    expect(await sessionUser(otherDevice)).toBeNull();
    expect((await signIn(alice.user.email)).status).toBe(401);
    const [confirmation] = await mailsTo(ctx, alice.user.email);
    expect(confirmation!.subject).toBe('Your Wattle PDF account has been deleted');

    expect(await storedKeys(bobKeys)).toEqual(bobKeys);
    expect(await (await bob.client.request('/api/documents')).json()).toMatchObject({ total: 1 });
    expect(await sessionUser(bob.client)).toMatchObject({ id: bob.user.id });
  });

  it('leaves what the person made in a team with the team, credited to its owner', async () => {
    const owner = await signedInUser(ctx);
    const team = (await (await owner.client.request('/api/auth/organization/create', { method: 'POST', json: { name: 'Staying Power', slug: `staying-${owner.user.id.slice(0, 8).toLowerCase()}` } })).json()) as { id: string };
    const leaver = await signedInUser(ctx, { name: 'Leila Leaver' });
    const invitation = (await (await owner.client.request('/api/auth/organization/invite-member', { method: 'POST', json: { email: leaver.user.email, role: 'admin', organizationId: team.id } })).json()) as { id: string };
    expect((await leaver.client.request('/api/auth/organization/accept-invitation', { method: 'POST', json: { invitationId: invitation.id } })).status).toBe(200);
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }), 'team-report.pdf');
    const doc = (await (await leaver.client.request('/api/documents', { method: 'POST', body })).json()) as { id: string };
    const linked = await leaver.client.request('/api/v1/links', { method: 'POST', json: { documentId: doc.id } });
    expect(linked.status).toBe(201);
    const token = ((await linked.json()) as { url: string }).url.split('/s/')[1]!;
    expect((await ctx.client().request(`/api/s/${token}`)).status).toBe(200);
    expect((await leaver.client.request('/api/v1/keys', { method: 'POST', json: { name: 'Team script' } })).status).toBe(201);
    const membership = (await ctx.container.db.select().from(member).where(eq(member.userId, leaver.user.id)))[0]!;
    const demoted = await owner.client.request('/api/auth/organization/update-member-role', { method: 'POST', json: { memberId: membership.id, role: 'member', organizationId: team.id } });
    expect(demoted.status).toBe(200);

    expect((await deleteAccount(leaver.client, TEST_PASSWORD)).status).toBe(200);

    // Their link stops with them (decision 137), and the team's log keeps what happened, not who they were.
    expect((await ctx.client().request(`/api/s/${token}`)).status).toBe(410);
    const log = await ctx.container.db.select().from(teamActivity).where(eq(teamActivity.teamId, team.id));
    expect(log.map((entry) => [entry.actorName, entry.action, entry.subject])).toEqual(
      expect.arrayContaining([
        ['Test User', 'member.invited', 'Former member'],
        ['Former member', 'member.joined', 'Former member'],
        ['Former member', 'document.uploaded', 'team-report.pdf'],
        ['Test User', 'member.role_changed', 'Former member: admin → member'],
      ]),
    );
    const logged = JSON.stringify(log);
    for (const personal of [leaver.user.email, leaver.user.name]) expect(logged).not.toContain(personal);

    const [row] = await ctx.container.db.select().from(pdfFiles).where(eq(pdfFiles.id, doc.id));
    expect(row).toMatchObject({ teamId: team.id, userId: owner.user.id, deleted: false });
    expect(await storedKeys([row!.filePath])).toEqual([row!.filePath]);
    await owner.client.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: team.id } });
    expect(await (await owner.client.request('/api/v1/links')).json()).toMatchObject({ total: 1 });
    expect(await rowsNaming(leaver.user.id)).toEqual([]);
  });
});
