import { and, count, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { jobBatches, jobs } from '@wattle/db';
import type { Owner } from '../domain/owner.ts';
import { ownedBy, ownerColumns } from './owned-by.ts';
import type { Queryable } from './queryable.ts';
import { isUuid } from '@wattle/shared';

/** A batch groups one job per input of one tool; its jobs live in repositories/jobs.ts. */
export type BatchRow = typeof jobBatches.$inferSelect;
export type NewBatch = Omit<typeof jobBatches.$inferInsert, 'userId' | 'visitorSessionId'>;

export async function insertBatch(tx: Queryable, owner: Owner, batch: NewBatch): Promise<void> {
  await tx.insert(jobBatches).values({ ...batch, ...ownerColumns(owner) });
}

/** The owner's unexpired batch; anyone else's id finds nothing. */
export async function findBatch(db: Queryable, owner: Owner, id: string, now: Date): Promise<BatchRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [batch] = await db.select().from(jobBatches).where(and(eq(jobBatches.id, id), ownedBy(jobBatches, owner), gt(jobBatches.expiresAt, now))).limit(1);
  return batch;
}

/** Marks the batch finished when `job` was its last open job; exactly one finishing job sees the row. */
export async function finishBatchIfDone(tx: Queryable, job: { batchId: string | null }, now: Date): Promise<BatchRow | undefined> {
  if (!job.batchId) return undefined;
  // The batch row is locked first, so two jobs finishing at once cannot both miss the other.
  await tx.execute(sql`select 1 from ${jobBatches} where ${jobBatches.id} = ${job.batchId} for update`);
  const [open] = await tx
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.batchId, job.batchId), inArray(jobs.status, ['queued', 'running'])));
  if (Number(open!.n) > 0) return undefined;
  const [batch] = await tx
    .update(jobBatches)
    .set({ finishedAt: now })
    .where(and(eq(jobBatches.id, job.batchId), isNull(jobBatches.finishedAt)))
    .returning();
  return batch;
}

/** Expired batches whose jobs are all gone. */
export async function deleteEmptyBatches(db: Queryable, now: Date): Promise<void> {
  await db.delete(jobBatches).where(and(lte(jobBatches.expiresAt, now), notExists(db.select({ one: sql`1` }).from(jobs).where(eq(jobs.batchId, jobBatches.id)))));
}
