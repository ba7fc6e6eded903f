import { Hono } from 'hono';
import type { Container } from '../../container.ts';
import { dashboardSummary } from '../../services/dashboard.ts';
import { accountOwner, requireAccount } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';

export function dashboardRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.get('/dashboard/summary', requireAccount, async (c) => c.json(await dashboardSummary(container, accountOwner(c))));
  return app;
}
