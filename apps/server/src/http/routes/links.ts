import { Hono } from 'hono';
import { z } from 'zod';
import { createLinkSchema, updateLinkSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { createLink, deleteLink, getLink, listLinks, revokeLink, updateLink } from '../../services/share-links.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readJson, readQuery } from '../validate.ts';

const listQuery = z.object({
  documentId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** The space's share links (`/api/v1/links`): account holders only; every id is scoped to its owner (the account or the team). */
export function linksRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.use('/v1/links', requireAccount);
  app.use('/v1/links/*', requireAccount);
  // Every member sees the team's links; changing them is for admins and the owner.
  const manage = requireTeamAction('links.manage');

  app.get('/v1/links', async (c) => c.json(await listLinks(container, accountOwner(c), readQuery(c, listQuery))));
  app.post('/v1/links', manage, async (c) => c.json(await createLink(container, accountOwner(c), await readJson(c, createLinkSchema)), 201));
  app.get('/v1/links/:id', async (c) => c.json(await getLink(container, accountOwner(c), c.req.param('id'))));
  app.patch('/v1/links/:id', manage, async (c) => c.json(await updateLink(container, accountOwner(c), c.req.param('id'), await readJson(c, updateLinkSchema))));
  app.post('/v1/links/:id/revoke', manage, async (c) => c.json(await revokeLink(container, accountOwner(c), c.req.param('id'))));
  app.delete('/v1/links/:id', manage, async (c) => {
    await deleteLink(container, accountOwner(c), c.req.param('id'));
    return c.body(null, 204);
  });

  return app;
}
