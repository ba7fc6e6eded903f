import { createHash, randomBytes } from 'node:crypto';
import type { Ports } from '../ports.ts';
import { findVisitorSession, insertVisitorSession, VISITOR_SEEN_EVERY_MS } from '../repositories/visitor-sessions.ts';

/**
 * Visitors' jobs and outputs belong to an anonymous session: a 256-bit random token in an HttpOnly
 * cookie, of which the database keeps only the SHA-256, so a database leak cannot be replayed.
 */
export const VISITOR_COOKIE = 'wattle_visitor';
/** The cookie outlives any visitor job (retention is at most days); the row goes when idle and jobless. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sessions this process made or found lately, by token hash, so a visitor's next request (polling the
 * job that made the session) costs no lookup. Only the idle sweep deletes a session, once unseen for the
 * cookie's lifetime (days), so one seen within the last minute is certainly still there; past that
 * minute the lookup runs (and records the visit) as before.
 */
const recentlySeen = new WeakMap<object, Map<string, { id: string; lastSeenAt: Date }>>();
const MAX_RECENT = 10_000;

function recentSessions(container: object) {
  let recent = recentlySeen.get(container);
  if (!recent) recentlySeen.set(container, (recent = new Map()));
  return recent;
}

function remember(container: object, hash: string, session: { id: string; lastSeenAt: Date }) {
  const recent = recentSessions(container);
  recent.delete(hash);
  recent.set(hash, session);
  if (recent.size > MAX_RECENT) recent.delete(recent.keys().next().value!);
}

export async function createVisitorSession(container: Pick<Ports, 'clock' | 'db'>): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const hash = hashToken(token);
  const now = container.clock.now();
  const id = await insertVisitorSession(container.db, hash, now);
  remember(container, hash, { id, lastSeenAt: now });
  return { id, token };
}

/** The session a cookie value names, or undefined for no cookie, a malformed one or an unknown one. */
export async function findVisitorSessionId(container: Pick<Ports, 'clock' | 'db'>, token: string | undefined): Promise<string | undefined> {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const hash = hashToken(token);
  const now = container.clock.now();
  const known = recentSessions(container).get(hash);
  if (known && now.getTime() - known.lastSeenAt.getTime() <= VISITOR_SEEN_EVERY_MS) return known.id;
  const found = await findVisitorSession(container.db, hash, now);
  if (found) remember(container, hash, found);
  else recentSessions(container).delete(hash);
  return found?.id;
}
