import { expect } from 'vitest';
import type { TestClient, TestContext } from './harness.ts';
import { linkIn, mailsTo, signedInUser, type TestUser } from './users.ts';

export type Person = { client: TestClient; user: TestUser };

const post = (client: TestClient, path: string, json: unknown = {}) => client.request(path, { method: 'POST', json });

/** Makes a team through better-auth's endpoint and selects it: the owner then acts in its space. */
export async function createTeam(owner: Person, name: string): Promise<string> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await post(owner.client, '/api/auth/organization/create', { name, slug });
  expect(res.status, await res.clone().text()).toBe(200);
  const teamId = ((await res.json()) as { id: string }).id;
  await selectTeam(owner, teamId);
  return teamId;
}

export async function selectTeam(person: Person, teamId: string | null): Promise<Response> {
  return post(person.client, '/api/auth/organization/set-active', { organizationId: teamId });
}

/** A new person invited by mail who joins through the link the mail carries, as the invited person would. */
export async function joinTeam(ctx: TestContext, inviter: Person, teamId: string, role: 'admin' | 'member'): Promise<Person & { memberId: string }> {
  const person = await signedInUser(ctx);
  const invited = await post(inviter.client, '/api/auth/organization/invite-member', { email: person.user.email, role, organizationId: teamId });
  expect(invited.status, await invited.clone().text()).toBe(200);
  const [mail] = await mailsTo(ctx, person.user.email);
  const invitationId = linkIn(ctx, mail!).split('/').pop()!;
  const accepted = await post(person.client, '/api/auth/organization/accept-invitation', { invitationId });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  const { member } = (await accepted.json()) as { member: { id: string } };
  return { ...person, memberId: member.id };
}
