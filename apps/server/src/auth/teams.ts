import { getCurrentAuthContext } from '@better-auth/core/context';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import { organization } from 'better-auth/plugins/organization';
import type { Database } from '@wattle/db';
import {
  ERROR_CATALOGUE,
  TEAM_INVITATION_DAYS,
  TEAM_MEMBERS_MAX,
  TEAM_NAME_MAX,
  TEAM_SLUG_MAX,
  TEAM_SLUG_PATTERN,
  type TeamActivityAction,
} from '@wattle/shared';
import { currentDb } from '../adapters/auth-database.ts';
import type { BlobStore } from '../adapters/blob-store/blob-store.ts';
import type { Clock } from '../adapters/clock.ts';
import type { Logger } from '../adapters/logger.ts';
import type { MailDispatcher } from '../mail/dispatcher.ts';
import type { Brand } from '../mail/layout.ts';
import { teamInvitationMail } from '../mail/templates.ts';
import { revokeTeamLinksOf } from '../repositories/share-links.ts';
import { insertTeamActivity } from '../repositories/team-activity.ts';
import { teamBlobKeys } from '../repositories/teams.ts';
import { findUserContact } from '../repositories/users.ts';
import { ensureTeamStorageRow } from '../repositories/usage.ts';

export interface TeamAuthDeps {
  db: Database;
  blobStore: BlobStore;
  clock: Clock;
  logger: Logger;
  mail: MailDispatcher;
  brand: Brand;
  onPublicUrl(pathAndQuery: string): string;
}

/** Teams a person may create; members a team may have. */
const TEAMS_PER_PERSON = 10;
/** Roles an invitation or a role change may give: ownership moves only by transfer (POST /api/v1/team/transfer). */
const GRANTABLE_ROLES = new Set(['admin', 'member']);

/** A refused field, as VALIDATION_FAILED with the field's message (the form shows it under the field). */
const refuse = (field: string, message: string) =>
  new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: ERROR_CATALOGUE.VALIDATION_FAILED.message, details: { fieldErrors: { [field]: [message] } } });

function checkTeamFields(fields: { name?: string; slug?: string }): void {
  if (fields.name !== undefined && (fields.name.trim().length === 0 || fields.name.length > TEAM_NAME_MAX)) throw refuse('name', `Enter a team name of at most ${TEAM_NAME_MAX} characters.`);
  if (fields.slug !== undefined && (fields.slug.length > TEAM_SLUG_MAX || !TEAM_SLUG_PATTERN.test(fields.slug)))
    throw refuse('slug', `Use lower-case letters, digits and hyphens, at most ${TEAM_SLUG_MAX} characters.`);
}

function checkGrantableRole(role: string | string[]): void {
  const roles = Array.isArray(role) ? role : role.split(',');
  if (roles.length !== 1 || !GRANTABLE_ROLES.has(roles[0]!)) throw refuse('role', 'Choose admin or member. To hand the team to someone, transfer ownership.');
}

/**
 * better-auth's organization plugin as our teams: owner, admin and member; seven-day invitations bound
 * to the invited address; every change to members written to the team's activity log with who did it;
 * deleting a team erases its documents' and outputs' bytes, whose rows go with the team.
 */
export function teamsPlugins(deps: TeamAuthDeps) {
  const { db, logger } = deps;
  const pendingErasures = new Map<string, string[]>();

  /** Who is acting: the signed-in person of the better-auth request this hook runs in. */
  async function actor(): Promise<{ id: string; name: string } | undefined> {
    const ctx = await getCurrentAuthContext().catch(() => undefined);
    const user = ctx?.context.session?.user;
    return user && { id: user.id, name: user.name };
  }

  async function record(teamId: string, action: TeamActivityAction, subject: string, by?: { id: string; name: string }): Promise<void> {
    const who = by ?? (await actor());
    await insertTeamActivity(currentDb(db), {
      teamId,
      actorUserId: who?.id ?? null,
      actorName: who?.name ?? 'Someone',
      action,
      subject,
      createdAt: deps.clock.now(),
    });
  }

  // Leaving has no organization hook: the answer (the membership that ended) says who left which team.
  const leaving: BetterAuthPlugin = {
    id: 'team-leaving',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/organization/leave',
          handler: createAuthMiddleware(async (ctx) => {
            const left = ctx.context.returned as { organizationId?: string; userId?: string } | undefined;
            if (!left?.organizationId || !left.userId || left instanceof Error) return;
            await revokeTeamLinksOf(currentDb(db), left.userId, left.organizationId, deps.clock.now());
            const who = await findUserContact(db, left.userId);
            if (who) await record(left.organizationId, 'member.left', who.email, { id: left.userId, name: who.name });
          }),
        },
      ],
    },
  };

  const teams = organization({
    creatorRole: 'owner',
    organizationLimit: TEAMS_PER_PERSON,
    membershipLimit: TEAM_MEMBERS_MAX,
    invitationExpiresIn: TEAM_INVITATION_DAYS * 24 * 3600,
    requireEmailVerificationOnInvitation: true,
    cancelPendingInvitationsOnReInvite: true,
    async sendInvitationEmail({ id, email, role, organization: team, inviter }) {
      const url = deps.onPublicUrl(`/team/invite/${encodeURIComponent(id)}`);
      deps.mail.dispatch(() => ({
        to: email,
        ...teamInvitationMail(deps.brand, { inviterName: inviter.user.name, teamName: team.name, role, url, expiresInDays: TEAM_INVITATION_DAYS }),
      }));
    },
    organizationHooks: {
      beforeCreateOrganization: async ({ organization: fields }) => checkTeamFields(fields),
      afterCreateOrganization: async ({ organization: team }) => ensureTeamStorageRow(currentDb(db), team.id),
      beforeUpdateOrganization: async ({ organization: fields }) => checkTeamFields(fields),
      afterUpdateOrganization: async ({ organization: team, user }) => {
        if (team) await record(team.id, 'team.renamed', team.name, user);
      },
      beforeCreateInvitation: async ({ invitation }) => checkGrantableRole(invitation.role),
      afterCreateInvitation: async ({ invitation, inviter }) => record(invitation.organizationId, 'member.invited', invitation.email, inviter),
      afterCancelInvitation: async ({ invitation, cancelledBy }) => record(invitation.organizationId, 'invitation.revoked', invitation.email, cancelledBy),
      afterAcceptInvitation: async ({ member, user }) => record(member.organizationId, 'member.joined', user.email, user),
      beforeUpdateMemberRole: async ({ newRole }) => checkGrantableRole(newRole),
      afterUpdateMemberRole: async ({ member, previousRole, user }) => record(member.organizationId, 'member.role_changed', `${user.name}: ${previousRole} → ${member.role}`),
      afterRemoveMember: async ({ member, user }) => {
        await revokeTeamLinksOf(currentDb(db), user.id, member.organizationId, deps.clock.now());
        const by = await actor();
        await record(member.organizationId, by?.id === user.id ? 'member.left' : 'member.removed', user.email, by);
      },
      // The rows go with the team (foreign keys); their bytes are listed first and erased once it is gone.
      beforeDeleteOrganization: async ({ organization: team }) => {
        pendingErasures.set(team.id, await teamBlobKeys(db, team.id));
      },
      afterDeleteOrganization: async ({ organization: team }) => {
        const keys = pendingErasures.get(team.id) ?? [];
        pendingErasures.delete(team.id);
        for (const key of keys) await deps.blobStore.delete(key).catch((err) => logger.error({ err, key }, 'could not erase a deleted team’s file'));
      },
    },
  });
  return [teams, leaving] as const;
}
