import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AppError, transferTeamSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { teamActivityPage } from '../../services/team-activity.ts';
import { spacesOf, teamOf, transferTeam } from '../../services/teams.ts';
import { refuseApiKey } from '../middleware/api-key.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readJson, readQuery } from '../validate.ts';

const activityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** The selected team: 404 in the personal space (or for someone no longer in it). */
function selectedTeam(c: Context<AppEnv>) {
  const owner = accountOwner(c);
  if (owner.kind !== 'team') throw new AppError('NOT_FOUND');
  return owner;
}

/**
 * The spaces a person works in and the selected team (`/api/v1/spaces`, `/api/v1/team/*`). Teams are
 * made, joined and changed through better-auth's organization endpoints (/api/auth/organization/*);
 * these add what it does not have: the page's view of the team, its activity log, and transfer.
 */
export function teamRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  // A person's other teams are none of a key's business, and ownership moves only from a session.
  app.get('/v1/spaces', refuseApiKey, requireAccount, async (c) => c.json(await spacesOf(container, accountOwner(c))));
  app.get('/v1/team', requireAccount, async (c) => c.json(await teamOf(container, selectedTeam(c))));
  app.get('/v1/team/activity', requireAccount, requireTeamAction('activity.read'), async (c) =>
    c.json(await teamActivityPage(container, selectedTeam(c).teamId, readQuery(c, activityQuery))),
  );
  app.post('/v1/team/transfer', refuseApiKey, requireAccount, requireTeamAction('team.transfer'), async (c) => {
    const { memberId } = await readJson(c, transferTeamSchema);
    await transferTeam(container, selectedTeam(c), memberId);
    return c.body(null, 204);
  });
  return app;
}
