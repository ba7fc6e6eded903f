import { and, eq, sql } from 'drizzle-orm';
import { usageStatistics, type Database } from '@wattle/db';
import { DEFAULT_STORAGE_LIMIT } from '@wattle/shared';

export type UsageRow = typeof usageStatistics.$inferSelect;

/** Any handle that runs queries: the database or a transaction on it. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** The account's row, created with the defaults on first use. */
export async function getUsage(db: Queryable, userId: string): Promise<Pick<UsageRow, 'pdfsProcessed' | 'storageUsed' | 'storageLimit'>> {
  const [row] = await db
    .select({ pdfsProcessed: usageStatistics.pdfsProcessed, storageUsed: usageStatistics.storageUsed, storageLimit: usageStatistics.storageLimit })
    .from(usageStatistics)
    .where(eq(usageStatistics.userId, userId))
    .limit(1);
  return row ?? { pdfsProcessed: 0, storageUsed: 0, storageLimit: DEFAULT_STORAGE_LIMIT };
}

/**
 * Books `bytes` against the limit in one conditional UPDATE: concurrent callers queue on the row lock
 * and each re-checks the condition against the committed total, so racing uploads never over-book.
 * Returns false when the bytes do not fit.
 */
export async function reserveStorage(tx: Queryable, userId: string, bytes: number, now: Date): Promise<boolean> {
  await tx.insert(usageStatistics).values({ userId }).onConflictDoNothing({ target: usageStatistics.userId });
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
