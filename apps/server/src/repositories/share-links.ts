import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { pdfFiles, shareLinks, type Database } from '@wattle/db';
import type { AccountOwner } from '../domain/owner.ts';
import { ownedByAccount } from './owned-by.ts';
import type { Queryable } from './queryable.ts';

export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type NewShareLink = Omit<typeof shareLinks.$inferInsert, 'id' | 'viewCount' | 'lastViewedAt' | 'revokedAt'>;
export type ShareLinkChanges = Partial<Omit<NewShareLink, 'userId' | 'teamId' | 'documentId' | 'tokenHash' | 'tokenSealed' | 'createdAt'>> & { revokedAt?: Date };

/** A link as its owner sees it: with the name of the document it opens. */
export type OwnedShareLink = ShareLinkRow & { documentName: string };

/** The owner's links whose document is still in My Documents; anyone else's id finds nothing. */
const ownedLink = (owner: AccountOwner, ...more: (SQL | undefined)[]) => and(ownedByAccount(shareLinks, owner), eq(pdfFiles.deleted, false), ...more);

const withDocumentName = (db: Database) =>
  db.select({ link: shareLinks, documentName: pdfFiles.filename }).from(shareLinks).innerJoin(pdfFiles, eq(pdfFiles.id, shareLinks.documentId));

const owned = ({ link, documentName }: { link: ShareLinkRow; documentName: string }): OwnedShareLink => ({ ...link, documentName });

export async function insertShareLink(db: Database, values: NewShareLink): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row!;
}

export async function findOwnedShareLink(db: Database, owner: AccountOwner, id: string): Promise<OwnedShareLink | undefined> {
  const [row] = await withDocumentName(db).where(ownedLink(owner, eq(shareLinks.id, id))).limit(1);
  return row && owned(row);
}

/** One page of the owner's links, newest first, optionally of one document. */
export async function listOwnedShareLinks(
  db: Database,
  owner: AccountOwner,
  query: { documentId?: string; offset: number; limit: number },
): Promise<{ rows: OwnedShareLink[]; total: number }> {
  const where = ownedLink(owner, query.documentId ? eq(shareLinks.documentId, query.documentId) : undefined);
  const [rows, [counted]] = await Promise.all([
    withDocumentName(db).where(where).orderBy(desc(shareLinks.createdAt), desc(shareLinks.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(shareLinks).innerJoin(pdfFiles, eq(pdfFiles.id, shareLinks.documentId)).where(where),
  ]);
  return { rows: rows.map(owned), total: counted!.total };
}

/** Changes the owner's link; false when it is not theirs (or its document was deleted). */
export async function updateOwnedShareLink(db: Database, owner: AccountOwner, id: string, changes: ShareLinkChanges): Promise<boolean> {
  const rows = await db
    .update(shareLinks)
    .set(changes)
    .where(and(eq(shareLinks.id, id), ownedByAccount(shareLinks, owner), ownedDocument()))
    .returning({ id: shareLinks.id });
  return rows.length > 0;
}

export async function deleteOwnedShareLink(db: Database, owner: AccountOwner, id: string): Promise<boolean> {
  const rows = await db
    .delete(shareLinks)
    .where(and(eq(shareLinks.id, id), ownedByAccount(shareLinks, owner), ownedDocument()))
    .returning({ id: shareLinks.id });
  return rows.length > 0;
}

/** The link's document is not deleted (updates and deletes cannot join, so a subquery). */
const ownedDocument = () => sql`exists (select 1 from ${pdfFiles} where ${pdfFiles.id} = ${shareLinks.documentId} and not ${pdfFiles.deleted})`;

export async function findLinkByTokenHash(db: Database, tokenHash: string): Promise<ShareLinkRow | undefined> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Active links per document: not revoked, not past their date, views left (domain/share-link.ts's rule in SQL). */
export async function countActiveLinks(db: Database, documentIds: string[], now: Date): Promise<Map<string, number>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .select({ documentId: shareLinks.documentId, links: count() })
    .from(shareLinks)
    .where(
      and(
        inArray(shareLinks.documentId, documentIds),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
        or(isNull(shareLinks.maxViews), lt(shareLinks.viewCount, shareLinks.maxViews)),
      ),
    )
    .groupBy(shareLinks.documentId);
  return new Map(rows.map((row) => [row.documentId, row.links]));
}

/**
 * Revokes the links a person made on a team's documents (on every team's, without teamId): their
 * membership ended, and a link outliving it would let them keep reading the team's files (decision 137).
 */
export async function revokeTeamLinksOf(db: Queryable, userId: string, teamId: string | undefined, now: Date): Promise<void> {
  await db
    .update(shareLinks)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(shareLinks.userId, userId), teamId ? eq(shareLinks.teamId, teamId) : isNotNull(shareLinks.teamId), isNull(shareLinks.revokedAt)));
}
