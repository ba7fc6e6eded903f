import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AppError, spacesSchema, teamActivityPageSchema, teamSchema, transferTeamSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { teamActivityPage } from '../../services/team-activity.ts';
import { spacesOf, teamOf, transferTeam } from '../../services/teams.ts';
import { declaredRoutes, error, json, jsonBody, noContent, page, sessionOnly } from '../api-contract.ts';
import { refuseApiKey } from '../middleware/api-key.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';

/** The selected team: 404 in the personal space (or for someone no longer in it). */
function selectedTeam(c: Context<AppEnv>) {
  const owner = accountOwner(c);
  if (owner.kind !== 'team') throw new AppError('NOT_FOUND');
  return owner;
}

const teamErrors = { 401: error('Sign in or send an API key.'), 404: error('In the personal space, or no longer a member.') };

/**
 * The spaces a person works in and the selected team (`/api/v1/spaces`, `/api/v1/team/*`). Teams are
 * made, joined and changed through better-auth's organization endpoints (/api/auth/organization/*);
 * these add what it does not have: the page's view of the team, its activity log, and transfer.
 */
export function teamRoutes(container: Container) {
  const app = declaredRoutes();
  // A person's other teams are none of a key's business, and ownership moves only from a session.
  const spacesRoute = createRoute({
    method: 'get',
    path: '/v1/spaces',
    operationId: 'listSpaces',
    summary: 'Where your requests act (Personal or the selected team), and your teams',
    description: 'Teams are made, joined and selected through /api/auth/organization/* (better-auth); every /api/v1 route then acts in the selected team.',
    security: sessionOnly.security,
    middleware: [refuseApiKey, requireAccount],
    responses: { 200: json(spacesSchema, 'The spaces.'), ...sessionOnly.errors },
  });
  app.openapi(spacesRoute, async (c) => c.json(await spacesOf(container, accountOwner(c)), 200));

  const teamRoute = createRoute({
    method: 'get',
    path: '/v1/team',
    operationId: 'getTeam',
    summary: 'The selected team: members, pending invitations (for admins) and storage',
    middleware: [requireAccount],
    responses: { 200: json(teamSchema, 'The team.'), ...teamErrors },
  });
  app.openapi(teamRoute, async (c) => c.json(await teamOf(container, selectedTeam(c)), 200));

  const activityRoute = createRoute({
    method: 'get',
    path: '/v1/team/activity',
    operationId: 'listTeamActivity',
    summary: 'Who uploaded, edited, shared, deleted and changed what in the team, newest first (kept 90 days)',
    middleware: [requireAccount, requireTeamAction('activity.read')],
    request: { query: z.object({ page, pageSize: z.coerce.number().int().min(1).max(100).default(20) }) },
    responses: { 200: json(teamActivityPageSchema, 'One page of the log.'), 400: error('VALIDATION_FAILED.'), ...teamErrors },
  });
  app.openapi(activityRoute, async (c) => c.json(await teamActivityPage(container, selectedTeam(c).teamId, c.req.valid('query')), 200));

  const transferRoute = createRoute({
    method: 'post',
    path: '/v1/team/transfer',
    operationId: 'transferTeam',
    summary: 'Hand the team to another member (owner only); you stay on as an admin',
    security: sessionOnly.security,
    middleware: [refuseApiKey, requireAccount, requireTeamAction('team.transfer')],
    request: { body: jsonBody(transferTeamSchema, 'The membership id of the new owner.') },
    responses: {
      204: noContent('Transferred.'),
      400: error('VALIDATION_FAILED.'),
      ...sessionOnly.errors,
      403: error('FORBIDDEN: not the owner, or sent with an API key.'),
      404: error('No such member of the selected team.'),
    },
  });
  app.openapi(transferRoute, async (c) => {
    await transferTeam(container, selectedTeam(c), c.req.valid('json').memberId);
    return c.body(null, 204);
  });
  return app;
}
