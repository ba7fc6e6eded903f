import { createHash, randomBytes } from 'node:crypto';
import type { Container } from '../container.ts';
import { findVisitorSession, insertVisitorSession } from '../repositories/visitor-sessions.ts';

/**
 * Visitors' jobs and outputs belong to an anonymous session: a 256-bit random token in an HttpOnly
 * cookie, of which the database keeps only the SHA-256, so a database leak cannot be replayed.
 */
export const VISITOR_COOKIE = 'wattle_visitor';
/** The cookie outlives any visitor job (retention is at most days); the row goes when idle and jobless. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createVisitorSession(container: Container): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = await insertVisitorSession(container.db, hashToken(token), container.clock.now());
  return { id, token };
}

/** The session a cookie value names, or undefined for no cookie, a malformed one or an unknown one. */
export async function findVisitorSessionId(container: Container, token: string | undefined): Promise<string | undefined> {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  return findVisitorSession(container.db, hashToken(token), container.clock.now());
}
