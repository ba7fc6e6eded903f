import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { jobs, visitorSessions } from '@wattle/db';
import type { Queryable } from './queryable.ts';

/** Visitors' anonymous sessions: only the token's hash is stored. */
export async function insertVisitorSession(db: Queryable, tokenHash: string, now: Date): Promise<string> {
  const [row] = await db.insert(visitorSessions).values({ tokenHash, createdAt: now, lastSeenAt: now }).returning({ id: visitorSessions.id });
  return row!.id;
}

/** Its last-seen time moves on at most this often (the sweeper reads it). */
export const VISITOR_SEEN_EVERY_MS = 60_000;

/** The session's id and when it was last seen, as recorded now. */
export async function findVisitorSession(db: Queryable, tokenHash: string, now: Date): Promise<{ id: string; lastSeenAt: Date } | undefined> {
  const [row] = await db.select({ id: visitorSessions.id, lastSeenAt: visitorSessions.lastSeenAt }).from(visitorSessions).where(eq(visitorSessions.tokenHash, tokenHash)).limit(1);
  if (row && now.getTime() - row.lastSeenAt.getTime() > VISITOR_SEEN_EVERY_MS) {
    await db.update(visitorSessions).set({ lastSeenAt: now }).where(eq(visitorSessions.id, row.id));
    return { id: row.id, lastSeenAt: now };
  }
  return row;
}

/** Sessions idle since `idleBefore` that own no job any more. */
export async function deleteIdleVisitorSessions(db: Queryable, idleBefore: Date): Promise<void> {
  await db
    .delete(visitorSessions)
    .where(and(lt(visitorSessions.lastSeenAt, idleBefore), notExists(db.select({ one: sql`1` }).from(jobs).where(eq(jobs.visitorSessionId, visitorSessions.id)))));
}
