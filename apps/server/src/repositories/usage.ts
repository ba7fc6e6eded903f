import { and, eq, sql } from 'drizzle-orm';
import { usageStatistics } from '@wattle/db';
import { DEFAULT_STORAGE_LIMIT } from '@wattle/shared';
import type { Queryable } from './queryable.ts';

export type UsageRow = typeof usageStatistics.$inferSelect;

/** The account's row, created with the defaults on first use. */
export async function getUsage(db: Queryable, userId: string): Promise<Pick<UsageRow, 'pdfsProcessed' | 'storageUsed' | 'storageLimit'>> {
  const [row] = await db
    .select({ pdfsProcessed: usageStatistics.pdfsProcessed, storageUsed: usageStatistics.storageUsed, storageLimit: usageStatistics.storageLimit })
    .from(usageStatistics)
    .where(eq(usageStatistics.userId, userId))
    .limit(1);
  return row ?? { pdfsProcessed: 0, storageUsed: 0, storageLimit: DEFAULT_STORAGE_LIMIT };
}

/** Every account has its row from sign-up on, with the default limit. */
export async function ensureUsageRow(db: Queryable, userId: string): Promise<void> {
  await db.insert(usageStatistics).values({ userId }).onConflictDoNothing({ target: usageStatistics.userId });
}

/** One more PDF processed by a tool (inside the job's completion). */
export async function countPdfProcessed(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx
    .insert(usageStatistics)
    .values({ userId, pdfsProcessed: 1 })
    .onConflictDoUpdate({ target: usageStatistics.userId, set: { pdfsProcessed: sql`${usageStatistics.pdfsProcessed} + 1`, updatedAt: now } });
}

/**
 * Books `bytes` against the limit in one conditional UPDATE: concurrent callers queue on the row lock
 * and each re-checks the condition against the committed total, so racing uploads never over-book.
 * Returns false when the bytes do not fit.
 */
export async function reserveStorage(tx: Queryable, userId: string, bytes: number, now: Date): Promise<boolean> {
  await ensureUsageRow(tx, userId);
  const rows = await tx
    .update(usageStatistics)
    .set({ storageUsed: sql`${usageStatistics.storageUsed} + ${bytes}`, updatedAt: now })
    .where(and(eq(usageStatistics.userId, userId), sql`${usageStatistics.storageUsed} + ${bytes} <= ${usageStatistics.storageLimit}`))
    .returning({ storageUsed: usageStatistics.storageUsed });
  return rows.length === 1;
}

export async function releaseStorage(tx: Queryable, userId: string, bytes: number, now: Date): Promise<void> {
  await tx
    .update(usageStatistics)
    .set({ storageUsed: sql`${usageStatistics.storageUsed} - ${bytes}`, updatedAt: now })
    .where(eq(usageStatistics.userId, userId));
}
