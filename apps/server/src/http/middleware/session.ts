import type { MiddlewareHandler } from 'hono';
import { AppError } from '@wattle/shared';
import type { Container } from '../../container.ts';
import type { AppEnv } from '../types.ts';

/**
 * Reads the session cookie on API requests and sets `user` and `session` (null when signed out).
 * Passes on better-auth's refreshed cookie when the session was extended.
 */
export function loadSession(container: Container): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    // better-auth reads its own session under /api/auth; without the cookie there is nothing to read.
    // Share-link viewers (/api/s) act with the link's token only, never with an account's rights.
    if (c.req.path.startsWith('/api/auth/') || c.req.path.startsWith('/api/s/') || !c.req.header('cookie')?.includes('session_token')) return next();
    const { headers, response } = await container.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    if (response) {
      c.set('user', { id: response.user.id, email: response.user.email, name: response.user.name });
      c.set('session', { id: response.session.id, expiresAt: response.session.expiresAt, activeTeamId: response.session.activeOrganizationId ?? null });
    }
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    await next();
  };
}

/** 401 UNAUTHORIZED unless loadSession found a user: for what belongs to a browser session (the realtime stream); account data is gated by requireAccount (owner.ts). */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw new AppError('UNAUTHORIZED');
  await next();
};
