import { and, count, countDistinct, desc, eq, gt, isNull, lt, or, sql, sum } from 'drizzle-orm';
import { sharePageTime, shareLinks, shareVisits, type Database } from '@wattle/db';

export type ShareVisitRow = typeof shareVisits.$inferSelect;
export type NewShareVisit = Pick<typeof shareVisits.$inferInsert, 'linkId' | 'viewerEmail' | 'country' | 'device' | 'startedAt'>;

/**
 * Counts one view and records the visit in one transaction, only while the link is live (not revoked,
 * not past its date, views left): two viewers racing for the last view cannot both get it. Answers the
 * visit and the link's view count after it, or undefined when the link no longer opens.
 */
export async function startVisit(db: Database, visit: NewShareVisit): Promise<{ visit: ShareVisitRow; viewCount: number } | undefined> {
  const now = visit.startedAt!;
  return db.transaction(async (tx) => {
    const [counted] = await tx
      .update(shareLinks)
      .set({ viewCount: sql`${shareLinks.viewCount} + 1`, lastViewedAt: now })
      .where(
        and(
          eq(shareLinks.id, visit.linkId),
          isNull(shareLinks.revokedAt),
          or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
          or(isNull(shareLinks.maxViews), lt(shareLinks.viewCount, shareLinks.maxViews)),
        ),
      )
      .returning({ viewCount: shareLinks.viewCount });
    if (!counted) return undefined;
    const [row] = await tx
      .insert(shareVisits)
      .values({ ...visit, lastSeenAt: now })
      .returning();
    return { visit: row!, viewCount: counted.viewCount };
  });
}

/** The visit, only if it belongs to this link (a cookie for one link opens nothing else). */
export async function findVisit(db: Database, linkId: string, visitId: string): Promise<ShareVisitRow | undefined> {
  const [row] = await db
    .select()
    .from(shareVisits)
    .where(and(eq(shareVisits.id, visitId), eq(shareVisits.linkId, linkId)))
    .limit(1);
  return row;
}

export async function markVisitDownloaded(db: Database, visitId: string, now: Date): Promise<void> {
  await db.update(shareVisits).set({ downloadedAt: now, lastSeenAt: now }).where(eq(shareVisits.id, visitId));
}

/** Adds reported dwell time per page to the visit and its total, in one transaction. */
export async function addPageTime(db: Database, visitId: string, pages: { page: number; ms: number }[], now: Date): Promise<void> {
  const total = pages.reduce((sum, entry) => sum + entry.ms, 0);
  await db.transaction(async (tx) => {
    if (pages.length > 0) {
      await tx
        .insert(sharePageTime)
        .values(pages.map((entry) => ({ visitId, page: entry.page, ms: entry.ms })))
        .onConflictDoUpdate({ target: [sharePageTime.visitId, sharePageTime.page], set: { ms: sql`${sharePageTime.ms} + excluded.ms` } });
    }
    await tx
      .update(shareVisits)
      .set({ totalMs: sql`${shareVisits.totalMs} + ${total}`, lastSeenAt: now })
      .where(eq(shareVisits.id, visitId));
  });
}

/** One page of a link's visits, newest first. */
export async function listVisits(db: Database, linkId: string, query: { offset: number; limit: number }): Promise<{ rows: ShareVisitRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db.select().from(shareVisits).where(eq(shareVisits.linkId, linkId)).orderBy(desc(shareVisits.startedAt), desc(shareVisits.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(shareVisits).where(eq(shareVisits.linkId, linkId)),
  ]);
  return { rows, total: counted!.total };
}

/**
 * A link's totals: visits, unique viewers (each verified address once, each anonymous visit on its
 * own, since nothing tells anonymous viewers apart), total time and time per page.
 */
export async function visitTotals(db: Database, linkId: string) {
  const [[totals], pages] = await Promise.all([
    db
      .select({
        visits: count(),
        verifiedViewers: countDistinct(shareVisits.viewerEmail),
        anonymousVisits: sql<number>`count(*) filter (where ${shareVisits.viewerEmail} is null)`.mapWith(Number),
        totalMs: sum(shareVisits.totalMs).mapWith(Number),
      })
      .from(shareVisits)
      .where(eq(shareVisits.linkId, linkId)),
    db
      .select({ page: sharePageTime.page, ms: sum(sharePageTime.ms).mapWith(Number) })
      .from(sharePageTime)
      .innerJoin(shareVisits, eq(shareVisits.id, sharePageTime.visitId))
      .where(eq(shareVisits.linkId, linkId))
      .groupBy(sharePageTime.page)
      .orderBy(sharePageTime.page),
  ]);
  return {
    visits: totals!.visits,
    uniqueViewers: totals!.verifiedViewers + totals!.anonymousVisits,
    totalMs: totals!.totalMs ?? 0,
    pages: pages.map((row) => ({ page: row.page, ms: row.ms ?? 0 })),
  };
}
