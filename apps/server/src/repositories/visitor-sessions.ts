import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { jobs, visitorSessions } from '@wattle/db';
import type { Queryable } from './queryable.ts';

/** Visitors' anonymous sessions: only the token's hash is stored. */
export async function insertVisitorSession(db: Queryable, tokenHash: string, now: Date): Promise<string> {
  const [row] = await db.insert(visitorSessions).values({ tokenHash, createdAt: now, lastSeenAt: now }).returning({ id: visitorSessions.id });
  return row!.id;
}

/** The session's id; its last-seen time moves on at most once a minute (the sweeper reads it). */
export async function findVisitorSession(db: Queryable, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db.select({ id: visitorSessions.id, lastSeenAt: visitorSessions.lastSeenAt }).from(visitorSessions).where(eq(visitorSessions.tokenHash, tokenHash)).limit(1);
  if (row && now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(visitorSessions).set({ lastSeenAt: now }).where(eq(visitorSessions.id, row.id));
  }
  return row?.id;
}

/** Sessions idle since `idleBefore` that own no job any more. */
export async function deleteIdleVisitorSessions(db: Queryable, idleBefore: Date): Promise<void> {
  await db
    .delete(visitorSessions)
    .where(and(lt(visitorSessions.lastSeenAt, idleBefore), notExists(db.select({ one: sql`1` }).from(jobs).where(eq(jobs.visitorSessionId, visitorSessions.id)))));
}
