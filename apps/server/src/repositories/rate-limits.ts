import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { rateLimits, type Database } from '@wattle/db';

/** The one rate_limits table: fixed-window counters every process shares. */

/**
 * Counts `n` hits against the key's window in one statement, so concurrent requests can never all read
 * "zero" and slip through. A window that has ended starts over at `n`. Returns the count including
 * these hits and when the window ends.
 */
export async function hitRateLimit(db: Database, key: string, n: number, now: Date, windowMs: number): Promise<{ count: number; resetsAt: Date }> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: n, resetsAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetsAt} <= ${now} then excluded.count else ${rateLimits.count} + excluded.count end`,
        resetsAt: sql`case when ${rateLimits.resetsAt} <= ${now} then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetsAt: rateLimits.resetsAt });
  return row!;
}

/** The key's count in its current window (0 once the window has ended), without counting a hit. */
export async function readRateLimit(db: Database, key: string, now: Date): Promise<number> {
  const [row] = await db.select({ count: rateLimits.count }).from(rateLimits).where(and(eq(rateLimits.key, key), gt(rateLimits.resetsAt, now)));
  return row?.count ?? 0;
}

/** Windows that have ended count for nothing any more. */
export async function deleteEndedRateLimits(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetsAt, now));
}
