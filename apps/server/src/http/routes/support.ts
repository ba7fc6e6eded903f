import { Hono } from 'hono';
import { supportTicketSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { fileSupportTicket } from '../../services/support.ts';
import { requireAccount } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readJson } from '../validate.ts';

export function supportRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.post('/support/tickets', requireAccount, async (c) => {
    const input = await readJson(c, supportTicketSchema);
    return c.json(await fileSupportTicket(container, c.get('user')!, input), 201);
  });
  return app;
}
