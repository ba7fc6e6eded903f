import { Hono } from 'hono';
import { z } from 'zod';
import type { Container } from '../../container.ts';
import { linkAnalytics, linkVisits } from '../../services/share-analytics.ts';
import { accountOwner, requireAccount } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readQuery } from '../validate.ts';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** A link's visits and totals for its owner (`/api/v1/links/:id/visits|analytics`); anyone else's link is 404. */
export function linkAnalyticsRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.use('/v1/links/:id/visits', requireAccount);
  app.use('/v1/links/:id/analytics', requireAccount);
  app.get('/v1/links/:id/visits', async (c) => c.json(await linkVisits(container, accountOwner(c), c.req.param('id'), readQuery(c, pageQuery).page)));
  app.get('/v1/links/:id/analytics', async (c) => c.json(await linkAnalytics(container, accountOwner(c), c.req.param('id'))));
  return app;
}
