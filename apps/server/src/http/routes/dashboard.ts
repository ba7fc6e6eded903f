import { Hono } from 'hono';
import type { Container } from '../../container.ts';
import { dashboardSummary } from '../../services/dashboard.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv } from '../types.ts';

export function dashboardRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.get('/dashboard/summary', requireUser, async (c) => c.json(await dashboardSummary(container, c.get('user')!.id)));
  return app;
}
