import { Hono } from 'hono';
import { createApiKeySchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { createApiKey, listApiKeyViews, revokeApiKey } from '../../services/api-keys.ts';
import { refuseApiKey } from '../middleware/api-key.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readJson } from '../validate.ts';

/** The space's API keys (`/api/v1/keys`: personal, or the selected team's): from a signed-in session only, so a leaked key cannot make more. */
export function apiKeysRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  // A team's keys are for its admins and owner.
  for (const path of ['/v1/keys', '/v1/keys/*']) app.use(path, refuseApiKey, requireAccount, requireTeamAction('developers.manage'));

  app.get('/v1/keys', async (c) => c.json({ items: await listApiKeyViews(container, accountOwner(c)) }));
  app.post('/v1/keys', async (c) => c.json(await createApiKey(container, accountOwner(c), await readJson(c, createApiKeySchema)), 201));
  app.delete('/v1/keys/:id', async (c) => {
    await revokeApiKey(container, accountOwner(c), c.req.param('id'));
    return c.body(null, 204);
  });

  return app;
}
