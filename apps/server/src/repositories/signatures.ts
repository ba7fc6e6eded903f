import { and, eq, inArray } from 'drizzle-orm';
import { savedSignatures, type Database } from '@wattle/db';
import type { SignatureKind } from '@wattle/shared';

export async function findSavedSignatures(db: Database, userId: string): Promise<{ kind: string; updatedAt: Date }[]> {
  return db.select({ kind: savedSignatures.kind, updatedAt: savedSignatures.updatedAt }).from(savedSignatures).where(eq(savedSignatures.userId, userId));
}

export async function upsertSavedSignature(db: Database, userId: string, kind: SignatureKind, updatedAt: Date): Promise<void> {
  await db
    .insert(savedSignatures)
    .values({ userId, kind, updatedAt })
    .onConflictDoUpdate({ target: [savedSignatures.userId, savedSignatures.kind], set: { updatedAt } });
}

export async function deleteSavedSignature(db: Database, userId: string, kind: SignatureKind): Promise<void> {
  await db.delete(savedSignatures).where(and(eq(savedSignatures.userId, userId), eq(savedSignatures.kind, kind)));
}

/** The saved signatures of these people (the orphan sweep keeps their bytes). */
export async function findSignaturesOf(db: Database, userIds: string[]): Promise<{ userId: string; kind: string }[]> {
  if (userIds.length === 0) return [];
  return db.select({ userId: savedSignatures.userId, kind: savedSignatures.kind }).from(savedSignatures).where(inArray(savedSignatures.userId, userIds));
}
