import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { shareEmailCodes, type Database } from '@wattle/db';

export type ShareEmailCodeRow = typeof shareEmailCodes.$inferSelect;

export async function insertEmailCode(db: Database, values: Pick<ShareEmailCodeRow, 'linkId' | 'email' | 'codeHash' | 'expiresAt'>): Promise<void> {
  await db.insert(shareEmailCodes).values(values);
}

/** The newest unused code sent for this link and address (a new request replaces the older codes). */
export async function findLatestEmailCode(db: Database, linkId: string, email: string): Promise<ShareEmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(shareEmailCodes)
    .where(and(eq(shareEmailCodes.linkId, linkId), eq(shareEmailCodes.email, email), isNull(shareEmailCodes.usedAt)))
    .orderBy(desc(shareEmailCodes.expiresAt))
    .limit(1);
  return row;
}

/** Counts a wrong guess. */
export async function countEmailCodeAttempt(db: Database, id: string): Promise<void> {
  await db
    .update(shareEmailCodes)
    .set({ attempts: sql`${shareEmailCodes.attempts} + 1` })
    .where(eq(shareEmailCodes.id, id));
}

/** Uses the code once: of two requests racing with the same code, only one gets true. */
export async function useEmailCode(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(shareEmailCodes)
    .set({ usedAt: now })
    .where(and(eq(shareEmailCodes.id, id), isNull(shareEmailCodes.usedAt)))
    .returning({ id: shareEmailCodes.id });
  return rows.length > 0;
}
