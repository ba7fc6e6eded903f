import type { TeamRole } from '@wattle/shared';

/**
 * Whose rows a request reads and writes: an account, a team (acted for by one of its members), or a
 * visitor's anonymous session. Resolved once per request (http/middleware/owner.ts) and turned into
 * columns only by repositories/owned-by.ts; a new kind is added here, there, and nowhere else.
 */
export type Owner =
  | { kind: 'user'; userId: string }
  | { kind: 'team'; teamId: string; userId: string; role: TeamRole }
  | { kind: 'visitor'; visitorSessionId: string };

/** An owner with an account behind it: the personal space or a team space. */
export type AccountOwner = Extract<Owner, { kind: 'user' | 'team' }>;

export const userOwner = (userId: string): AccountOwner => ({ kind: 'user', userId });
export const teamOwner = (teamId: string, userId: string, role: TeamRole): AccountOwner => ({ kind: 'team', teamId, userId, role });
export const visitorOwner = (visitorSessionId: string): Owner => ({ kind: 'visitor', visitorSessionId });

/**
 * The person an owner acts for: the account, or in a team space the member. Personal things (profile,
 * notifications, signatures, the realtime stream) use it; owned data goes through the owner itself.
 */
export function userIdOf(owner: Owner | null | undefined): string | undefined {
  return owner?.kind === 'user' || owner?.kind === 'team' ? owner.userId : undefined;
}

/** The owner when it has an account behind it. */
export function accountOwnerOf(owner: Owner | null | undefined): AccountOwner | undefined {
  return owner?.kind === 'user' || owner?.kind === 'team' ? owner : undefined;
}

/**
 * The owner a stored row belongs to, for those acting on its behalf (the worker finishing a job, a
 * share link's viewer): a team's row is scoped to the team, with the least role, never more.
 */
export function ownerOfRow(row: { userId: string; teamId: string | null }): AccountOwner {
  return row.teamId ? { kind: 'team', teamId: row.teamId, userId: row.userId, role: 'member' } : { kind: 'user', userId: row.userId };
}
