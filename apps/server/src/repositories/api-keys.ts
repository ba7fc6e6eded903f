import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys } from '@wattle/db';
import type { AccountOwner } from '../domain/owner.ts';
import { ownedByAccount } from './owned-by.ts';
import type { Queryable } from './queryable.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = Pick<typeof apiKeys.$inferInsert, 'userId' | 'teamId' | 'name' | 'prefix' | 'keyHash' | 'createdAt' | 'expiresAt'>;

export async function insertApiKey(db: Queryable, values: NewApiKey): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function listApiKeys(db: Queryable, owner: AccountOwner): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(ownedByAccount(apiKeys, owner)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** The one lookup a presented key gets, whatever its state: by the hash only. */
export async function findApiKeyByHash(db: Queryable, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return row;
}

/** Revokes the owner's key; false when it is not theirs or was already revoked. */
export async function revokeApiKey(db: Queryable, owner: AccountOwner, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), ownedByAccount(apiKeys, owner), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function touchApiKey(db: Queryable, id: string, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
}

/** Adds to a key's usage: jobs when they are submitted, pages when a job succeeds. */
export async function countApiKeyUsage(db: Queryable, id: string, usage: { jobs?: number; pages?: number }): Promise<void> {
  await db
    .update(apiKeys)
    .set({ jobsSubmitted: sql`${apiKeys.jobsSubmitted} + ${usage.jobs ?? 0}`, pagesProcessed: sql`${apiKeys.pagesProcessed} + ${usage.pages ?? 0}` })
    .where(eq(apiKeys.id, id));
}
