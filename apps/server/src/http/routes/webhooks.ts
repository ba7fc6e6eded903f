import { Hono } from 'hono';
import { z } from 'zod';
import { createWebhookSchema, updateWebhookSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from '../../services/webhooks.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readJson, readQuery } from '../validate.ts';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** The space's webhooks (`/api/v1/webhooks`): account holders only; another account's or team's id answers 404. */
export function webhooksRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.use('/v1/webhooks', requireAccount);
  app.use('/v1/webhooks/*', requireAccount);
  // A team's webhooks are for its admins and owner.
  app.use('/v1/webhooks', requireTeamAction('developers.manage'));
  app.use('/v1/webhooks/*', requireTeamAction('developers.manage'));

  app.get('/v1/webhooks', async (c) => c.json(await listWebhooks(container, accountOwner(c))));
  app.post('/v1/webhooks', async (c) => c.json(await createWebhook(container, accountOwner(c), await readJson(c, createWebhookSchema)), 201));
  app.get('/v1/webhooks/:id', async (c) => c.json(await getWebhook(container, accountOwner(c), c.req.param('id'))));
  app.patch('/v1/webhooks/:id', async (c) => c.json(await updateWebhook(container, accountOwner(c), c.req.param('id'), await readJson(c, updateWebhookSchema))));
  app.post('/v1/webhooks/:id/rotate-secret', async (c) => c.json(await rotateWebhookSecret(container, accountOwner(c), c.req.param('id'))));
  app.delete('/v1/webhooks/:id', async (c) => {
    await deleteWebhook(container, accountOwner(c), c.req.param('id'));
    return c.body(null, 204);
  });
  app.get('/v1/webhooks/:id/deliveries', async (c) =>
    c.json(await listWebhookDeliveries(container, accountOwner(c), c.req.param('id'), readQuery(c, pageQuery).page)),
  );
  app.post('/v1/webhooks/:id/deliveries/:deliveryId/resend', async (c) =>
    c.json(await resendDelivery(container, accountOwner(c), c.req.param('id'), c.req.param('deliveryId')), 202),
  );

  return app;
}
