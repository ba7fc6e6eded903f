import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { AppError } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { userIdOf, userOwner, visitorOwner, type Owner } from '../../domain/owner.ts';
import { createVisitorSession, findVisitorSessionId, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS } from '../../services/visitor-session.ts';
import type { AppEnv } from '../types.ts';

/**
 * The request's owner, resolved once after loadSession and set as `owner`: the signed-in account,
 * else the visitor session the visitor cookie names, else null (an API key's owner is set by loadApiKey). A new owner kind is resolved here.
 */
export function resolveOwner(container: Container): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // An API key's request already acts as the key's owner (loadApiKey).
    if (c.get('apiKeyId')) return next();
    c.set('owner', null);
    // better-auth's own endpoints act for no owner of ours; share-link viewers (/api/s) hold a token, not a session.
    if (!c.req.path.startsWith('/api/auth/') && !c.req.path.startsWith('/api/s/')) c.set('owner', await ownerOf(container, c));
    await next();
  };
}

async function ownerOf(container: Container, c: Context<AppEnv>): Promise<Owner | null> {
  const user = c.get('user');
  if (user) return userOwner(user.id);
  const visitorSessionId = await findVisitorSessionId(container, getCookie(c, VISITOR_COOKIE));
  return visitorSessionId ? visitorOwner(visitorSessionId) : null;
}

/** The request's owner, starting a visitor session (and its cookie) when there is none: a visitor's first job does. */
export async function ensureOwner(container: Container, c: Context<AppEnv>): Promise<Owner> {
  const existing = c.get('owner');
  if (existing) return existing;
  const session = await createVisitorSession(container);
  setCookie(c, VISITOR_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: container.config.publicUrl.startsWith('https://'),
    path: '/',
    maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
  });
  const owner = visitorOwner(session.id);
  c.set('owner', owner);
  return owner;
}

/** 401 UNAUTHORIZED unless the request acts for an account (documents, profile, notifications, …). */
export const requireAccount: MiddlewareHandler<AppEnv> = async (c, next) => {
  accountId(c);
  await next();
};

/** The account the request acts for; UNAUTHORIZED when there is none. */
export function accountId(c: Context<AppEnv>): string {
  const userId = userIdOf(c.get('owner'));
  if (!userId) throw new AppError('UNAUTHORIZED');
  return userId;
}
