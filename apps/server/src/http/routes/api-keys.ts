import { Hono } from 'hono';
import { createApiKeySchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { createApiKey, listApiKeyViews, revokeApiKey } from '../../services/api-keys.ts';
import { refuseApiKey } from '../middleware/api-key.ts';
import { accountId, requireAccount } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readJson } from '../validate.ts';

/** The account's API keys (`/api/v1/keys`): from a signed-in session only, so a leaked key cannot make more. */
export function apiKeysRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  for (const path of ['/v1/keys', '/v1/keys/*']) app.use(path, refuseApiKey, requireAccount);

  app.get('/v1/keys', async (c) => c.json({ items: await listApiKeyViews(container, accountId(c)) }));
  app.post('/v1/keys', async (c) => c.json(await createApiKey(container, accountId(c), await readJson(c, createApiKeySchema)), 201));
  app.delete('/v1/keys/:id', async (c) => {
    await revokeApiKey(container, accountId(c), c.req.param('id'));
    return c.body(null, 204);
  });

  return app;
}
