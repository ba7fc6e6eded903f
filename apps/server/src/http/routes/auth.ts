import { Hono } from 'hono';
import type { Container } from '../../container.ts';
import type { AppEnv } from '../types.ts';

/** better-auth answers everything under /api/auth (sign-in, sign-up, links, OAuth, session). */
export function authRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  app.on(['GET', 'POST'], '/auth/*', (c) => container.auth.handler(c.req.raw));
  return app;
}
