import { z } from 'zod';
import { apiComponents, pageOf, timestamp } from './components.ts';

/**
 * Teams (better-auth's organization plugin at /api/auth/organization/*, plus `/api/v1/spaces` and
 * `/api/v1/team/*`). The session's active organisation is the selected space: every /api/v1 route
 * acts in it. A team API key always acts in its team.
 */

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_NAME_MAX = 80;
export const TEAM_SLUG_MAX = 48;
/** Lower-case letters, digits and single hyphens between them. */
export const TEAM_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An invitation works for seven days, once, for the address it was sent to. */
export const TEAM_INVITATION_DAYS = 7;
/** Activity entries older than this are swept. */
export const TEAM_ACTIVITY_DAYS = 90;
export const TEAM_MEMBERS_MAX = 100;

/**
 * What each role may do in a team space: the one table the server checks and the Team page shows.
 * Members use the team's documents and tools; admins also manage members, invitations, links, API
 * keys, webhooks and the team's name; only the owner transfers ownership or deletes the team.
 */
export const TEAM_ACTIONS = {
  'documents.use': { label: 'Upload, edit, download and delete team documents', roles: ['owner', 'admin', 'member'] },
  'tools.use': { label: 'Run tools and batches in the team space', roles: ['owner', 'admin', 'member'] },
  'activity.read': { label: 'See the activity log', roles: ['owner', 'admin', 'member'] },
  'links.read': { label: 'See the team’s share links', roles: ['owner', 'admin', 'member'] },
  'links.manage': { label: 'Create, change and revoke share links', roles: ['owner', 'admin'] },
  'members.manage': { label: 'Invite, remove and change the role of members', roles: ['owner', 'admin'] },
  'developers.manage': { label: 'Manage team API keys and webhooks', roles: ['owner', 'admin'] },
  'team.update': { label: 'Rename the team', roles: ['owner', 'admin'] },
  'billing.manage': { label: 'See invoices, change the plan and the billing details', roles: ['owner', 'admin'] },
  'team.transfer': { label: 'Transfer ownership', roles: ['owner'] },
  'team.delete': { label: 'Delete the team and its documents', roles: ['owner'] },
} as const satisfies Record<string, { label: string; roles: readonly TeamRole[] }>;
export type TeamAction = keyof typeof TEAM_ACTIONS;

export function teamRoleMay(role: TeamRole, action: TeamAction): boolean {
  return (TEAM_ACTIONS[action].roles as readonly TeamRole[]).includes(role);
}

const teamRole = z.enum(TEAM_ROLES);

export const teamSummarySchema = z
  .strictObject({ id: z.string(), name: z.string(), slug: z.string(), role: teamRole })
  .register(apiComponents, { id: 'TeamSummary' });
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** `GET /api/v1/spaces`: where the request acts now, and every team the person belongs to. */
export const spacesSchema = z
  .strictObject({
    active: z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('personal') }), z.strictObject({ kind: z.literal('team'), team: teamSummarySchema })]),
    teams: z.array(teamSummarySchema),
  })
  .register(apiComponents, { id: 'Spaces' });
export type Spaces = z.infer<typeof spacesSchema>;

export const teamMemberSchema = z
  .strictObject({
    id: z.string().meta({ description: 'The membership id (better-auth member id).' }),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    role: teamRole,
    joinedAt: timestamp(),
    lastActiveAt: timestamp().nullable(),
  })
  .register(apiComponents, { id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z
  .strictObject({ id: z.string(), email: z.string(), role: teamRole, expiresAt: timestamp(), invitedBy: z.string() })
  .register(apiComponents, { id: 'TeamInvitation' });
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** `GET /api/v1/team`: the active team (404 in the personal space). */
export const teamSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    createdAt: timestamp(),
    role: teamRole.meta({ description: 'The caller’s role.' }),
    storage: z.strictObject({ used: z.int().nonnegative(), limit: z.int().nonnegative() }),
    members: z.array(teamMemberSchema),
    invitations: z.array(teamInvitationSchema).meta({ description: 'Pending, unexpired invitations (empty for members).' }),
  })
  .register(apiComponents, { id: 'Team' });
export type Team = z.infer<typeof teamSchema>;

export const TEAM_ACTIVITY_ACTIONS = [
  'document.uploaded',
  'document.edited',
  'document.deleted',
  'link.created',
  'link.revoked',
  'member.invited',
  'member.joined',
  'member.removed',
  'member.left',
  'member.role_changed',
  'invitation.revoked',
  'ownership.transferred',
  'team.renamed',
] as const;
export type TeamActivityAction = (typeof TEAM_ACTIVITY_ACTIONS)[number];

export const teamActivitySchema = z
  .strictObject({
    id: z.uuid(),
    at: timestamp(),
    actor: z.string().meta({ description: 'The member’s name when it happened.' }),
    action: z.enum(TEAM_ACTIVITY_ACTIONS),
    subject: z.string().meta({ description: 'What it happened to: a file name, an email address, a role change ("member → admin").' }),
  })
  .register(apiComponents, { id: 'TeamActivity' });
export type TeamActivity = z.infer<typeof teamActivitySchema>;

/** `GET /api/v1/team/activity?page=&pageSize=`: newest first. */
export const teamActivityPageSchema = pageOf(teamActivitySchema).register(apiComponents, { id: 'TeamActivityPage' });
export type TeamActivityPage = z.infer<typeof teamActivityPageSchema>;

/** `POST /api/v1/team/transfer`: the owner hands the team to another member and becomes an admin. */
export const transferTeamSchema = z.strictObject({ memberId: z.string().min(1).max(100) }).register(apiComponents, { id: 'TransferTeam' });
export type TransferTeam = z.infer<typeof transferTeamSchema>;
