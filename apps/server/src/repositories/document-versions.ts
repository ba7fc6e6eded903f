import { and, desc, eq, sql } from 'drizzle-orm';
import { documentVersions, pdfFiles, type Database } from '@wattle/db';
import type { DocumentRow } from './documents.ts';
import { reserveStorage } from './usage.ts';

export type DocumentVersionRow = typeof documentVersions.$inferSelect;
export type NewVersion = Pick<DocumentVersionRow, 'filePath' | 'fileSize' | 'pageCount' | 'encrypted'>;

class DocumentGone extends Error {}

/**
 * Books the new bytes and makes them the document's next, current version in one transaction. The
 * update of the document's row numbers the version and makes racing saves of one document take turns.
 * Nothing changes when the bytes do not fit (`over-quota`) or the document is not the owner's or was deleted (`not-found`).
 */
export async function insertVersionWithinQuota(
  db: Database,
  userId: string,
  documentId: string,
  version: NewVersion,
  now: Date,
): Promise<DocumentRow | 'over-quota' | 'not-found'> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await reserveStorage(tx, userId, version.fileSize, now))) return 'over-quota';
      const [row] = await tx
        .update(pdfFiles)
        .set({ ...version, version: sql`${pdfFiles.version} + 1`, updatedAt: now })
        .where(and(eq(pdfFiles.id, documentId), eq(pdfFiles.userId, userId), eq(pdfFiles.deleted, false)))
        .returning();
      if (!row) throw new DocumentGone(); // undoes the booking
      await tx.insert(documentVersions).values({ documentId, version: row.version, ...version, createdAt: now });
      return row;
    });
  } catch (err) {
    if (err instanceof DocumentGone) return 'not-found';
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
