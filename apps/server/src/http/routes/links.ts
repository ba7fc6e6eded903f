import { Hono } from 'hono';
import { z } from 'zod';
import { createLinkSchema, updateLinkSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { createLink, deleteLink, getLink, listLinks, revokeLink, updateLink } from '../../services/share-links.ts';
import { accountId, requireAccount } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readJson, readQuery } from '../validate.ts';

const listQuery = z.object({
  documentId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** The owner's share links (`/api/v1/links`): account holders only; every id is scoped to its owner. */
export function linksRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.use('/v1/links', requireAccount);
  app.use('/v1/links/*', requireAccount);

  app.get('/v1/links', async (c) => c.json(await listLinks(container, accountId(c), readQuery(c, listQuery))));
  app.post('/v1/links', async (c) => c.json(await createLink(container, accountId(c), await readJson(c, createLinkSchema)), 201));
  app.get('/v1/links/:id', async (c) => c.json(await getLink(container, accountId(c), c.req.param('id'))));
  app.patch('/v1/links/:id', async (c) => c.json(await updateLink(container, accountId(c), c.req.param('id'), await readJson(c, updateLinkSchema))));
  app.post('/v1/links/:id/revoke', async (c) => c.json(await revokeLink(container, accountId(c), c.req.param('id'))));
  app.delete('/v1/links/:id', async (c) => {
    await deleteLink(container, accountId(c), c.req.param('id'));
    return c.body(null, 204);
  });

  return app;
}
