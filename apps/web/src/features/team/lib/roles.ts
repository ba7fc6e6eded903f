import { teamRoleMay, type TeamMember, type TeamRole } from '@wattle/shared';

export const ROLE_LABEL: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** A role inside a sentence: "the owner", "an admin", "a member". */
export const ROLE_IN_SENTENCE: Record<TeamRole, string> = { owner: 'the owner', admin: 'an admin', member: 'a member' };

/** The roles an invitation or a role change can give: ownership moves only by a transfer. */
export const assignableRoles = ['member', 'admin'] as const satisfies readonly TeamRole[];

/** Whether the caller may change the role of, or remove, this member: never the owner, never themselves. */
export function mayManage(callerRole: TeamRole, callerId: string, target: Pick<TeamMember, 'userId' | 'role'>): boolean {
  return teamRoleMay(callerRole, 'members.manage') && target.role !== 'owner' && target.userId !== callerId;
}
