import { and, eq, sql } from 'drizzle-orm';
import { teamStorage, usageStatistics } from '@wattle/db';
import { DEFAULT_STORAGE_LIMIT, TEAM_STORAGE_LIMIT } from '@wattle/shared';
import type { AccountOwner } from '../domain/owner.ts';
import type { Queryable } from './queryable.ts';

export type UsageRow = typeof usageStatistics.$inferSelect;
type Usage = Pick<UsageRow, 'pdfsProcessed' | 'storageUsed' | 'storageLimit'>;

/**
 * The space's usage: the account's row (created with the defaults on first use), or in a team space the
 * team's storage with the member's own count of PDFs processed.
 */
export async function getUsage(db: Queryable, owner: AccountOwner): Promise<Usage> {
  const [row] = await db
    .select({ pdfsProcessed: usageStatistics.pdfsProcessed, storageUsed: usageStatistics.storageUsed, storageLimit: usageStatistics.storageLimit })
    .from(usageStatistics)
    .where(eq(usageStatistics.userId, owner.userId))
    .limit(1);
  const personal = row ?? { pdfsProcessed: 0, storageUsed: 0, storageLimit: DEFAULT_STORAGE_LIMIT };
  if (owner.kind === 'user') return personal;
  const [team] = await db.select({ storageUsed: teamStorage.storageUsed, storageLimit: teamStorage.storageLimit }).from(teamStorage).where(eq(teamStorage.teamId, owner.teamId)).limit(1);
  return { pdfsProcessed: personal.pdfsProcessed, ...(team ?? { storageUsed: 0, storageLimit: TEAM_STORAGE_LIMIT }) };
}

/** Every account has its row from sign-up on, with the default limit. */
export async function ensureUsageRow(db: Queryable, userId: string): Promise<void> {
  await db.insert(usageStatistics).values({ userId }).onConflictDoNothing({ target: usageStatistics.userId });
}

/** Every team has its storage row from creation on. */
export async function ensureTeamStorageRow(db: Queryable, teamId: string): Promise<void> {
  await db.insert(teamStorage).values({ teamId, storageLimit: TEAM_STORAGE_LIMIT }).onConflictDoNothing({ target: teamStorage.teamId });
}

/** One more PDF processed by a tool (inside the job's completion). */
export async function countPdfProcessed(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx
    .insert(usageStatistics)
    .values({ userId, pdfsProcessed: 1 })
    .onConflictDoUpdate({ target: usageStatistics.userId, set: { pdfsProcessed: sql`${usageStatistics.pdfsProcessed} + 1`, updatedAt: now } });
}

/** Whose storage a stored row counts against: its team's when it has one, else its account's. */
export type StorageHolder = { teamId: string | null; userId: string };

/**
 * Books `bytes` against the limit in one conditional UPDATE: concurrent callers queue on the row lock
 * and each re-checks the condition against the committed total, so racing uploads never over-book.
 * `documents` new documents are counted in the same UPDATE (a new version adds none). Returns false,
 * having changed nothing, when the bytes do not fit.
 */
export async function reserveStorage(tx: Queryable, holder: StorageHolder, bytes: number, now: Date, documents = 0): Promise<boolean> {
  if (holder.teamId) {
    await ensureTeamStorageRow(tx, holder.teamId);
    const rows = await tx
      .update(teamStorage)
      .set({ storageUsed: sql`${teamStorage.storageUsed} + ${bytes}`, documentCount: sql`${teamStorage.documentCount} + ${documents}`, updatedAt: now })
      .where(and(eq(teamStorage.teamId, holder.teamId), sql`${teamStorage.storageUsed} + ${bytes} <= ${teamStorage.storageLimit}`))
      .returning({ storageUsed: teamStorage.storageUsed });
    return rows.length === 1;
  }
  await ensureUsageRow(tx, holder.userId);
  const rows = await tx
    .update(usageStatistics)
    .set({ storageUsed: sql`${usageStatistics.storageUsed} + ${bytes}`, documentCount: sql`${usageStatistics.documentCount} + ${documents}`, updatedAt: now })
    .where(and(eq(usageStatistics.userId, holder.userId), sql`${usageStatistics.storageUsed} + ${bytes} <= ${usageStatistics.storageLimit}`))
    .returning({ storageUsed: usageStatistics.storageUsed });
  return rows.length === 1;
}

/** Frees `bytes` and uncounts `documents` deleted documents, in one UPDATE. */
export async function releaseStorage(tx: Queryable, holder: StorageHolder, bytes: number, now: Date, documents = 0): Promise<void> {
  if (holder.teamId) {
    await tx
      .update(teamStorage)
      .set({ storageUsed: sql`${teamStorage.storageUsed} - ${bytes}`, documentCount: sql`${teamStorage.documentCount} - ${documents}`, updatedAt: now })
      .where(eq(teamStorage.teamId, holder.teamId));
    return;
  }
  await tx
    .update(usageStatistics)
    .set({ storageUsed: sql`${usageStatistics.storageUsed} - ${bytes}`, documentCount: sql`${usageStatistics.documentCount} - ${documents}`, updatedAt: now })
    .where(eq(usageStatistics.userId, holder.userId));
}

/** The space's live documents, as reserveStorage and releaseStorage keep them: one row read, where counting them read every one. */
export async function countDocuments(db: Queryable, owner: AccountOwner): Promise<number> {
  const [row] =
    owner.kind === 'team'
      ? await db.select({ n: teamStorage.documentCount }).from(teamStorage).where(eq(teamStorage.teamId, owner.teamId)).limit(1)
      : await db.select({ n: usageStatistics.documentCount }).from(usageStatistics).where(eq(usageStatistics.userId, owner.userId)).limit(1);
  return row?.n ?? 0;
}
