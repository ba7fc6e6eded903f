import { AppError, type Spaces, type Team, type TeamRole } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import type { AccountOwner, Owner } from '../domain/owner.ts';
import { findMembership, findTeam, listMembers, listPendingInvitations, listTeamsOf, touchMember, transferOwnership } from '../repositories/teams.ts';
import { getUsage } from '../repositories/usage.ts';
import { recordTeamActivity } from './team-activity.ts';

type TeamOwner = Extract<Owner, { kind: 'team' }>;

/**
 * The person's role in the team their session selected, noting that they were seen; undefined once they
 * are no longer a member. Asked on every request, so a removed member's next one acts in their personal space.
 */
export async function seenMemberRole(container: Pick<Ports, 'clock' | 'db'>, teamId: string, userId: string): Promise<TeamRole | undefined> {
  const membership = await findMembership(container.db, teamId, userId);
  if (!membership) return undefined;
  await touchMember(container.db, membership.memberId, container.clock.now());
  return membership.role;
}

/** Where the request acts (the selected team, while a member) and every team the person is in. */
export async function spacesOf(container: Pick<Ports, 'db'>, owner: AccountOwner): Promise<Spaces> {
  const teams = await listTeamsOf(container.db, owner.userId);
  const active = owner.kind === 'team' ? teams.find((team) => team.id === owner.teamId) : undefined;
  return { active: active ? { kind: 'team', team: active } : { kind: 'personal' }, teams };
}

/** The selected team with its members, pending invitations (for those who manage members) and storage. */
export async function teamOf(container: Pick<Ports, 'clock' | 'db'>, owner: TeamOwner): Promise<Team> {
  const team = await findTeam(container.db, owner.teamId);
  if (!team) throw new AppError('NOT_FOUND');
  const now = container.clock.now();
  const managesMembers = owner.role !== 'member';
  const [members, invitations, usage] = await Promise.all([
    listMembers(container.db, team.id),
    managesMembers ? listPendingInvitations(container.db, team.id, now) : [],
    getUsage(container.db, owner),
  ]);
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    createdAt: team.createdAt.toISOString(),
    role: owner.role,
    storage: { used: usage.storageUsed, limit: usage.storageLimit },
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString(), lastActiveAt: m.lastActiveAt?.toISOString() ?? null })),
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
  };
}

/** The owner hands the team to another member (who becomes the owner) and stays on as an admin. */
export async function transferTeam(container: Pick<Ports, 'logger' | 'clock' | 'db'>, owner: TeamOwner, memberId: string): Promise<void> {
  const to = await transferOwnership(container.db, owner.teamId, owner.userId, memberId);
  if (!to) throw new AppError('NOT_FOUND');
  const members = await listMembers(container.db, owner.teamId);
  await recordTeamActivity(container, owner, 'ownership.transferred', members.find((m) => m.id === to.id)?.email ?? to.userId);
}
