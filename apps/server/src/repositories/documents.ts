import { and, asc, count, desc, eq, inArray, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import { documentVersions, pdfFiles, type Database } from '@wattle/db';
import type { DocumentSort, SortOrder } from '@wattle/shared';
import type { AccountOwner } from '../domain/owner.ts';
import { ownedByAccount } from './owned-by.ts';
import type { Queryable } from './queryable.ts';
import { countDocuments, releaseStorage, reserveStorage } from './usage.ts';

export type DocumentRow = typeof pdfFiles.$inferSelect;
export type NewDocument = Pick<typeof pdfFiles.$inferInsert, 'id' | 'userId' | 'teamId' | 'filename' | 'filePath' | 'fileSize' | 'contentType' | 'pageCount' | 'encrypted' | 'uploadedAt'>;

/** More writes that commit or fail with the document's row (an output marked saved); throw to undo all. */
export type WithDocument = (tx: Queryable, documentId: string) => Promise<void>;

/**
 * Books the file's size and records it, as its version 1, in one transaction, so `storage_used` always
 * equals the sum of the non-deleted files' versions. Returns undefined, having changed nothing, when the size does not fit.
 */
export async function insertDocumentWithinQuota(db: Database, doc: NewDocument, now: Date, withDocument?: WithDocument): Promise<DocumentRow | undefined> {
  return db.transaction(async (tx) => {
    if (!(await reserveStorage(tx, { teamId: doc.teamId ?? null, userId: doc.userId }, doc.fileSize, now, 1))) return undefined;
    const [row] = await tx.insert(pdfFiles).values({ ...doc, version: 1, updatedAt: doc.uploadedAt }).returning();
    await tx.insert(documentVersions).values({ documentId: row!.id, version: 1, filePath: doc.filePath, fileSize: doc.fileSize, pageCount: doc.pageCount, encrypted: doc.encrypted, createdAt: doc.uploadedAt });
    await withDocument?.(tx, row!.id);
    return row;
  });
}

/** `%`, `_` and `\` in the search text match themselves, not any text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Each sort key is the leading column after the owner in an index of live files (schema app.ts), id breaking ties. */
const SORT_COLUMNS = {
  date: pdfFiles.uploadedAt,
  name: sql`lower(${pdfFiles.filename})`,
  size: pdfFiles.fileSize,
  pages: pdfFiles.pageCount,
} satisfies Record<DocumentSort, unknown>;

export async function listDocuments(
  db: Database,
  owner: AccountOwner,
  query: { offset: number; limit: number; search?: string; sort: DocumentSort; order: SortOrder },
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = and(
    ownedByAccount(pdfFiles, owner),
    eq(pdfFiles.deleted, false),
    query.search ? nameContains(query.search) : undefined,
  );
  const direction = query.order === 'asc' ? asc : desc;
  const order = [direction(SORT_COLUMNS[query.sort]), direction(pdfFiles.id)];
  // Deep pages skip rows in the index alone, then read only the ten rows shown.
  const pageIds = db.select({ id: pdfFiles.id }).from(pdfFiles).where(where).orderBy(...order).limit(query.limit).offset(query.offset);
  // Without a search the total is the count kept with the space's storage (100k files: 22 ms to count on PGlite).
  const [rows, total] = await Promise.all([
    db.select().from(pdfFiles).where(inArray(pdfFiles.id, pageIds)).orderBy(...order),
    query.search ? db.select({ total: count() }).from(pdfFiles).where(where).then(([counted]) => counted!.total) : countDocuments(db, owner),
  ]);
  return { rows, total };
}

/**
 * Part of the name in any case. It is what ILIKE does (Postgres lowers both sides), but on the name
 * lowered once when stored: ILIKE lowered each name and the pattern again for every row it read.
 */
function nameContains(search: string): SQL {
  return like(pdfFiles.filenameLower, sql`lower(${`%${escapeLike(search)}%`})`);
}

/** The owner's non-deleted file; another account's or team's id finds nothing. */
export async function findDocument(db: Database, owner: AccountOwner, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(pdfFiles)
    .where(and(eq(pdfFiles.id, id), ownedByAccount(pdfFiles, owner), eq(pdfFiles.deleted, false)))
    .limit(1);
  return row;
}

/** The owner's non-deleted documents among `ids` (foreign ones are simply not found). */
export async function findOwnedDocuments(db: Queryable, owner: AccountOwner, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: pdfFiles.id, filename: pdfFiles.filename, blobKey: pdfFiles.filePath, size: pdfFiles.fileSize, contentType: pdfFiles.contentType, updatedAt: pdfFiles.updatedAt })
    .from(pdfFiles)
    .where(and(ownedByAccount(pdfFiles, owner), eq(pdfFiles.deleted, false), inArray(pdfFiles.id, ids)));
}

/** Whether the document is still in My Documents (not deleted). */
export async function isDocumentKept(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: pdfFiles.id }).from(pdfFiles).where(and(eq(pdfFiles.id, id), eq(pdfFiles.deleted, false)));
  return !!row;
}

/** Flags the file deleted and frees the bytes of all its versions in one transaction; false when there was nothing to delete. */
export async function softDeleteDocument(db: Database, owner: AccountOwner, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(pdfFiles)
      .set({ deleted: true, deletedAt: now })
      .where(and(eq(pdfFiles.id, id), ownedByAccount(pdfFiles, owner), eq(pdfFiles.deleted, false)))
      .returning({ id: pdfFiles.id, teamId: pdfFiles.teamId, userId: pdfFiles.userId });
    if (!row) return false;
    // The row lock taken above waits for a version being added; every committed version is released.
    const [versions] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${documentVersions.fileSize}), 0)` })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, id));
    await releaseStorage(tx, row, Number(versions!.bytes), now, 1);
    return true;
  });
}

/** Soft-deleted files whose grace period ended and whose bytes are still stored, oldest first, with the keys of all their versions. */
export async function findPurgeableDocuments(db: Database, deletedBefore: Date, limit: number): Promise<Array<{ id: string; keys: string[] }>> {
  const docs = await db
    .select({ id: pdfFiles.id, filePath: pdfFiles.filePath })
    .from(pdfFiles)
    .where(and(eq(pdfFiles.deleted, true), isNull(pdfFiles.purgedAt), lte(pdfFiles.deletedAt, deletedBefore)))
    .orderBy(asc(pdfFiles.deletedAt))
    .limit(limit);
  if (docs.length === 0) return [];
  const versions = await db
    .select({ documentId: documentVersions.documentId, filePath: documentVersions.filePath })
    .from(documentVersions)
    .where(inArray(documentVersions.documentId, docs.map((d) => d.id)));
  return docs.map((doc) => ({ id: doc.id, keys: [...new Set([doc.filePath, ...versions.filter((v) => v.documentId === doc.id).map((v) => v.filePath)])] }));
}

/** Records that the bytes are gone; a row another sweeper already marked keeps its first time. */
export async function markDocumentsPurged(db: Database, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(pdfFiles)
    .set({ purgedAt: now })
    .where(and(inArray(pdfFiles.id, ids), eq(pdfFiles.deleted, true), isNull(pdfFiles.purgedAt)))
    .returning({ id: pdfFiles.id });
  return rows.length;
}
