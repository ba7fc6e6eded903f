import { Hono } from 'hono';
import { z } from 'zod';
import { AppError, isUuid } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { listForUser, markEveryRead, markOneRead, unreadCount } from '../../services/notifications.ts';
import { accountId, requireAccount } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readQuery } from '../validate.ts';

const listQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** The signed-in user's notifications, newest first; another account's id answers 404. */
export function notificationRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.use('/notifications', requireAccount);
  app.use('/notifications/*', requireAccount);

  app.get('/notifications', async (c) => {
    const { page } = readQuery(c, listQuery);
    return c.json(await listForUser(container, accountId(c), page));
  });

  app.get('/notifications/unread-count', async (c) => c.json({ count: await unreadCount(container, accountId(c)) }));

  app.post('/notifications/read-all', async (c) => c.json({ updated: await markEveryRead(container, accountId(c)) }));

  app.post('/notifications/:id/read', async (c) => {
    const id = c.req.param('id');
    // Not even a well-formed id: no such notification (and never a database error).
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    await markOneRead(container, accountId(c), id);
    return c.body(null, 204);
  });

  return app;
}
