import { createRoute } from '@hono/zod-openapi';
import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { createApiKey, listApiKeyViews, revokeApiKey } from '../../services/api-keys.ts';
import { declaredRoutes, error, idParams, json, jsonBody, noContent, sessionOnly } from '../api-contract.ts';
import { refuseApiKey } from '../middleware/api-key.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';

/** The space's API keys (`/api/v1/keys`: personal, or the selected team's): from a signed-in session only, so a leaked key cannot make more. */
export function apiKeysRoutes(container: Container) {
  const app = declaredRoutes();
  // A team's keys are for its admins and owner.
  for (const path of ['/v1/keys', '/v1/keys/*']) app.use(path, refuseApiKey, requireAccount, requireTeamAction('developers.manage'));

  const listRoute = createRoute({
    method: 'get',
    path: '/v1/keys',
    operationId: 'listApiKeys',
    summary: 'Your API keys, newest first, with their usage',
    security: sessionOnly.security,
    responses: { 200: json(apiKeyListSchema, 'The keys (revoked ones marked).'), ...sessionOnly.errors },
  });
  app.openapi(listRoute, async (c) => c.json({ items: await listApiKeyViews(container, accountOwner(c)) }, 200));

  const createKeyRoute = createRoute({
    method: 'post',
    path: '/v1/keys',
    operationId: 'createApiKey',
    summary: 'Make an API key',
    description: 'The answer holds the whole key (`secret`) this once; only its prefix is shown afterwards. Send it as `Authorization: Bearer <secret>`.',
    security: sessionOnly.security,
    request: { body: jsonBody(createApiKeySchema, 'A name and an optional expiry.') },
    responses: { 201: json(createdApiKeySchema, 'Created.'), 400: error('VALIDATION_FAILED (details.fieldErrors).'), ...sessionOnly.errors },
  });
  app.openapi(createKeyRoute, async (c) => c.json(await createApiKey(container, accountOwner(c), c.req.valid('json')), 201));

  const revokeRoute = createRoute({
    method: 'delete',
    path: '/v1/keys/{id}',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key at once',
    description: 'Its next request answers 401; the key stays in your list as revoked.',
    security: sessionOnly.security,
    request: { params: idParams('key') },
    responses: { 204: noContent('Revoked.'), ...sessionOnly.errors, 404: error('Not yours, or already revoked.') },
  });
  app.openapi(revokeRoute, async (c) => {
    await revokeApiKey(container, accountOwner(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
