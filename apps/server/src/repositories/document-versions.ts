import { and, desc, eq, sql } from 'drizzle-orm';
import { documentVersions, pdfFiles, type Database } from '@wattle/db';
import type { AccountOwner } from '../domain/owner.ts';
import type { DocumentRow } from './documents.ts';
import { ownedByAccount } from './owned-by.ts';
import { reserveStorage } from './usage.ts';

export type DocumentVersionRow = typeof documentVersions.$inferSelect;
export type NewVersion = Pick<DocumentVersionRow, 'filePath' | 'fileSize' | 'pageCount' | 'encrypted'>;

/** Thrown inside the transaction to undo it, then answered as a result. */
class Refused extends Error {
  constructor(readonly reason: 'over-quota' | 'not-found') {
    super(reason);
  }
}

/**
 * Makes the new bytes the document's next, current version and books them, in one transaction. The
 * document's row is locked first (as a delete locks it before the usage row, so the two never deadlock);
 * it numbers the version and makes racing saves of one document take turns. Nothing changes when the
 * document is not the owner's or was deleted (`not-found`) or the bytes do not fit (`over-quota`).
 */
export async function insertVersionWithinQuota(
  db: Database,
  owner: AccountOwner,
  documentId: string,
  version: NewVersion,
  now: Date,
): Promise<DocumentRow | 'over-quota' | 'not-found'> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(pdfFiles)
        .set({ ...version, version: sql`${pdfFiles.version} + 1`, updatedAt: now })
        .where(and(eq(pdfFiles.id, documentId), ownedByAccount(pdfFiles, owner), eq(pdfFiles.deleted, false)))
        .returning();
      if (!row) throw new Refused('not-found');
      if (!(await reserveStorage(tx, row, version.fileSize, now))) throw new Refused('over-quota');
      await tx.insert(documentVersions).values({ documentId, version: row.version, ...version, createdAt: now });
      return row;
    });
  } catch (err) {
    if (err instanceof Refused) return err.reason;
    throw err;
  }
}

/** The document's versions, newest first (the caller has checked the document is the owner's). */
export async function listVersions(db: Database, documentId: string): Promise<DocumentVersionRow[]> {
  return db.select().from(documentVersions).where(eq(documentVersions.documentId, documentId)).orderBy(desc(documentVersions.version));
}

export async function findVersion(db: Database, documentId: string, version: number): Promise<DocumentVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)))
    .limit(1);
  return row;
}
