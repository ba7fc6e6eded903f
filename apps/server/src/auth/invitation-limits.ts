import { getSessionFromCtx } from 'better-auth/api';
import { teamRoleMay, type TeamRole } from '@wattle/shared';
import { normaliseEmail } from '../domain/email-address.ts';

type HookContext = Parameters<typeof getSessionFromCtx>[0];

/** better-auth's endpoint that invites someone to a team, and sends an invitation again (`resend`). */
export const INVITE_PATH = '/organization/invite-member';

/**
 * Who invites whom into which team, when the person may invite there: better-auth refuses everyone
 * else, and their attempts must not spend the team's allowance. The address is normalised, so
 * `ivy+1@` and `ivy+2@` count as the one mailbox they reach.
 */
export async function invitationToCount(
  ctx: HookContext,
  teamRole: (teamId: string, userId: string) => Promise<TeamRole | undefined>,
): Promise<{ inviterId: string; teamId: string; address: string } | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  const body = (ctx.body ?? {}) as { organizationId?: unknown; email?: unknown };
  const teamId = typeof body.organizationId === 'string' ? body.organizationId : session?.session.activeOrganizationId;
  if (!session || typeof teamId !== 'string' || !teamId || typeof body.email !== 'string') return null;
  const role = await teamRole(teamId, session.user.id);
  if (!role || !teamRoleMay(role, 'members.manage')) return null;
  return { inviterId: session.user.id, teamId, address: normaliseEmail(body.email) };
}
