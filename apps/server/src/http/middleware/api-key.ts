import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import { authenticateApiKey } from '../../services/api-keys.ts';
import { VISITOR_COOKIE } from '../../services/visitor-session.ts';
import type { AppEnv } from '../types.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * `Authorization: Bearer <key>` on /api/v1: the request acts as the key's owner and sets `apiKeyId`
 * (null otherwise). Runs before the same-origin check, which a key request skips: it carries no
 * cookies, so there is no browser session to ride. A key never mixes with cookies that carry rights.
 */
export function loadApiKey(container: Pick<Ports, 'config' | 'clock' | 'db'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('apiKeyId', null);
    const authorization = c.req.header('authorization');
    if (authorization === undefined) return next();
    const cookie = c.req.header('cookie') ?? '';
    if (cookie.includes('session_token') || getCookie(c, VISITOR_COOKIE) !== undefined) {
      throw new AppError('BAD_REQUEST', undefined, { message: 'Send either an API key or a session cookie, not both.' });
    }
    const presented = BEARER.exec(authorization)?.[1];
    if (!presented) throw new AppError('UNAUTHORIZED', undefined, { message: 'Send the API key as "Authorization: Bearer <key>".' });
    const key = await authenticateApiKey(container, presented);
    c.set('apiKeyId', key.id);
    c.set('owner', key.owner);
    await next();
  };
}

/** Session-only routes (making and revoking keys): a key cannot act on keys. */
export const refuseApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('apiKeyId')) throw new AppError('FORBIDDEN', undefined, { message: 'API keys can only be managed from a signed-in session.' });
  await next();
};
