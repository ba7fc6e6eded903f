import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import { jobOutputs, jobs } from '@wattle/db';
import type { Owner } from '../domain/owner.ts';
import { isDocumentKept } from './documents.ts';
import { insertJsonRows } from './json-rows.ts';
import { ownedBy } from './owned-by.ts';
import type { Queryable } from './queryable.ts';
import { isUuid } from '@wattle/shared';

/** The files a job made: owned like their job, kept until the job expires. */
export type JobOutputRow = typeof jobOutputs.$inferSelect;
export type NewJobOutput = Omit<typeof jobOutputs.$inferInsert, 'jobId' | 'userId' | 'visitorSessionId' | 'createdAt' | 'expiresAt'>;

/** Stores a finished job's outputs under the job's owner and expiry (inside the job's completion). */
export async function insertOutputs(tx: Queryable, job: Pick<typeof jobs.$inferSelect, 'id' | 'userId' | 'visitorSessionId' | 'expiresAt'>, outputs: NewJobOutput[], now: Date): Promise<JobOutputRow[]> {
  const rows = outputs.map(
    (o): JobOutputRow => ({
      id: randomUUID(),
      jobId: job.id,
      userId: job.userId,
      teamId: null,
      visitorSessionId: job.visitorSessionId,
      position: o.position,
      filename: o.filename,
      blobKey: o.blobKey,
      contentType: o.contentType,
      size: o.size,
      pages: o.pages ?? null,
      notes: o.notes ?? [],
      savedDocumentId: null,
      createdAt: now,
      expiresAt: job.expiresAt,
    }),
  );
  await insertJsonRows(tx, jobOutputs, rows);
  return rows;
}

/** One page of the owner's unexpired outputs, newest first, and how many there are in all. */
export async function listOutputs(db: Queryable, owner: Owner, now: Date, page: { offset: number; limit: number }) {
  const where = and(ownedBy(jobOutputs, owner), gt(jobOutputs.expiresAt, now));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ output: jobOutputs, tool: jobs.tool })
      .from(jobOutputs)
      .innerJoin(jobs, eq(jobs.id, jobOutputs.jobId))
      .where(where)
      .orderBy(desc(jobOutputs.createdAt), asc(jobOutputs.jobId), asc(jobOutputs.position))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(jobOutputs).where(where),
  ]);
  return { rows, total: counted!.total };
}

/** An unexpired output by id alone, for a signed download link (the link is the proof). */
export async function findOutput(db: Queryable, id: string, now: Date): Promise<JobOutputRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(jobOutputs).where(and(eq(jobOutputs.id, id), gt(jobOutputs.expiresAt, now))).limit(1);
  return row;
}

/** The owner's unexpired output; anyone else's id finds nothing. */
export async function findOwnedOutput(db: Queryable, owner: Owner, id: string, now: Date): Promise<JobOutputRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(jobOutputs).where(and(eq(jobOutputs.id, id), ownedBy(jobOutputs, owner), gt(jobOutputs.expiresAt, now))).limit(1);
  return row;
}

export async function deleteOutput(db: Queryable, owner: Owner, id: string): Promise<{ blobKey: string; jobId: string } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.delete(jobOutputs).where(and(eq(jobOutputs.id, id), ownedBy(jobOutputs, owner))).returning({ blobKey: jobOutputs.blobKey, jobId: jobOutputs.jobId });
  return row;
}

/**
 * Marks the output saved as `documentId`, holding its row until the transaction ends, so racing saves
 * take turns. When it is already saved as a document still in My Documents, changes nothing and
 * returns that document's id.
 */
export async function markOutputSaved(tx: Queryable, id: string, documentId: string): Promise<string | undefined> {
  const [row] = await tx.select({ saved: jobOutputs.savedDocumentId }).from(jobOutputs).where(eq(jobOutputs.id, id)).for('update');
  if (row?.saved && (await isDocumentKept(tx, row.saved))) return row.saved;
  await tx.update(jobOutputs).set({ savedDocumentId: documentId }).where(eq(jobOutputs.id, id));
  return undefined;
}
