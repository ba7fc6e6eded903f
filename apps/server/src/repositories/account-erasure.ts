import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { apiKeys, documentVersions, jobBatches, jobInputs, jobOutputs, jobs, member, pdfFiles, shareLinks, webhooks } from '@wattle/db';
import type { Queryable } from './queryable.ts';

/** Whether the person is the owner of a team (better-auth's organisation member row). */
export async function ownsTeam(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: member.id }).from(member).where(and(eq(member.userId, userId), eq(member.role, 'owner'))).limit(1);
  return row !== undefined;
}

/**
 * What the person made in their teams stays with the teams: those rows are credited to each team's
 * owner (they name their maker in user_id, which the account's deletion would cascade), and the
 * person's team API keys, which work only for their maker, are deleted.
 */
export async function handTeamRowsToOwners(db: Queryable, userId: string): Promise<void> {
  const ownerOf = (teamId: AnyPgColumn) =>
    sql`(select ${member.userId} from ${member} where ${member.organizationId} = ${teamId} and ${member.role} = 'owner' limit 1)`;
  for (const table of [pdfFiles, shareLinks, webhooks, jobs, jobOutputs, jobBatches]) {
    await db
      .update(table)
      .set({ userId: ownerOf(table.teamId) })
      .where(and(eq(table.userId, userId), isNotNull(table.teamId)));
  }
  await db.delete(apiKeys).where(and(eq(apiKeys.userId, userId), isNotNull(apiKeys.teamId)));
}

/**
 * The stored bytes behind the person's rows: every version of every document (deleted ones not yet
 * purged included), the jobs' own uploads and every job output.
 */
export async function findAccountBlobs(db: Queryable, userId: string): Promise<{ documentIds: string[]; keys: string[] }> {
  const documents = await db.select({ id: pdfFiles.id, key: pdfFiles.filePath }).from(pdfFiles).where(eq(pdfFiles.userId, userId));
  const versions = await db
    .select({ key: documentVersions.filePath })
    .from(documentVersions)
    .innerJoin(pdfFiles, eq(pdfFiles.id, documentVersions.documentId))
    .where(eq(pdfFiles.userId, userId));
  // A stored document used as an input is counted with the documents above.
  const inputs = await db
    .select({ key: jobInputs.blobKey })
    .from(jobInputs)
    .innerJoin(jobs, eq(jobs.id, jobInputs.jobId))
    .where(and(eq(jobs.userId, userId), isNull(jobInputs.documentId)));
  const outputs = await db.select({ key: jobOutputs.blobKey }).from(jobOutputs).where(eq(jobOutputs.userId, userId));
  const keys = new Set([...documents, ...versions, ...inputs, ...outputs].map((r) => r.key));
  return { documentIds: documents.map((d) => d.id), keys: [...keys] };
}

/** Of these keys, those a row still refers to (a row that did not go with the account). */
export async function findReferencedKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  // In slices: a query takes at most 65,535 parameters.
  for (let i = 0; i < keys.length; i += 1000) {
    const slice = keys.slice(i, i + 1000);
    const found = await Promise.all([
      db.select({ key: pdfFiles.filePath }).from(pdfFiles).where(inArray(pdfFiles.filePath, slice)),
      db.select({ key: documentVersions.filePath }).from(documentVersions).where(inArray(documentVersions.filePath, slice)),
      db.select({ key: jobInputs.blobKey }).from(jobInputs).where(inArray(jobInputs.blobKey, slice)),
      db.select({ key: jobOutputs.blobKey }).from(jobOutputs).where(inArray(jobOutputs.blobKey, slice)),
    ]);
    for (const row of found.flat()) referenced.add(row.key);
  }
  return referenced;
}
