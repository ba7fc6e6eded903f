import { and, asc, count, eq, getTableColumns, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { jobInputs, jobOutputs, jobs, type Database } from '@wattle/db';
import { isUuid, type JobErrorDetails } from '@wattle/shared';
import type { Owner } from '../domain/owner.ts';
import { finishBatchIfDone, type BatchRow } from './batches.ts';
import { ownedBy, ownedByKind, ownerColumns } from './owned-by.ts';
import { insertOutputs, type JobOutputRow, type NewJobOutput } from './outputs.ts';
import { fromJsonRows, insertJsonRows } from './json-rows.ts';
import type { Queryable } from './queryable.ts';
import { countPdfProcessed } from './usage.ts';
import { countApiKeyUsage } from './api-keys.ts';

/** The tools' jobs with their inputs (and, read back, their outputs): one aggregate. */
export type JobRow = typeof jobs.$inferSelect;
export type JobInputRow = typeof jobInputs.$inferSelect;
export type NewJob = Omit<typeof jobs.$inferInsert, 'userId' | 'visitorSessionId'>;
export type NewJobInput = typeof jobInputs.$inferInsert;

// ── Submission ────────────────────────────────────────────────────────────────

export async function countQueuedJobs(db: Queryable, pool: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(and(eq(jobs.pool, pool), eq(jobs.status, 'queued')));
  return Number(row!.n);
}

/**
 * Open (queued or running) jobs in `pools`: the owner's, those of visitors at `visitorIp`, and every
 * visitor's in `pool`, counted in one statement.
 */
export async function countOpenJobs(
  db: Queryable,
  pools: readonly string[],
  who: { owner: Owner | null; visitorIp?: string; pool: string },
): Promise<{ owner: number; visitorIp: number; poolVisitors: number }> {
  const mine = who.owner ? ownedBy(jobs, who.owner) : sql`false`;
  const fromIp = who.visitorIp !== undefined ? eq(jobs.visitorIp, who.visitorIp) : sql`false`;
  const poolVisitors = and(eq(jobs.pool, who.pool), ownedByKind(jobs, 'visitor'))!;
  const [row] = await db
    .select({
      owner: sql<number>`count(*) filter (where ${mine})`.mapWith(Number),
      visitorIp: sql<number>`count(*) filter (where ${fromIp})`.mapWith(Number),
      poolVisitors: sql<number>`count(*) filter (where ${poolVisitors})`.mapWith(Number),
    })
    .from(jobs)
    .where(and(inArray(jobs.status, ['queued', 'running']), inArray(jobs.pool, [...pools]), or(mine, fromIp, poolVisitors)));
  return row!;
}

/** Serialises submissions to one pool until the transaction ends, so a count and its inserts stay true. */
export async function lockPoolSubmissions(tx: Queryable, pool: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tool-jobs:${pool}`}))`);
}

/** Returns the new job's record as a read would give it, so that its page need not read it back. */
export async function insertJob(tx: Queryable, owner: Owner, job: NewJob, inputs: Omit<NewJobInput, 'jobId'>[]): Promise<JobRecord> {
  const [row] = await tx.insert(jobs).values({ ...job, ...ownerColumns(owner) }).returning();
  const rows = inputs.map((input): JobInputRow => ({ jobId: job.id, position: input.position, filename: input.filename, blobKey: input.blobKey, documentId: input.documentId ?? null, size: input.size, kind: input.kind }));
  await insertJsonRows(tx, jobInputs, rows);
  return { job: row!, inputs: rows.sort((a, b) => a.position - b.position), outputs: [] };
}

// ── Reading ───────────────────────────────────────────────────────────────────

export interface JobRecord {
  job: JobRow;
  inputs: JobInputRow[];
  outputs: JobOutputRow[];
}

/**
 * Each job with its inputs and outputs, read in one statement: on the embedded database every round
 * trip holds the event loop, and a job's page reads it on every change.
 */
const jobId = sql`${jobs}.${sql.identifier(jobs.id.name)}`; // qualified: a select from one table names its columns bare
const withParts = {
  job: jobs,
  inputs: sql<Record<string, unknown>[]>`(select coalesce(json_agg(i order by i.position), '[]') from ${jobInputs} i where i.job_id = ${jobId})`,
  outputs: sql<Record<string, unknown>[]>`(select coalesce(json_agg(o order by o.position), '[]') from ${jobOutputs} o where o.job_id = ${jobId})`,
};

const asRecord = (row: { job: JobRow; inputs: Record<string, unknown>[]; outputs: Record<string, unknown>[] }): JobRecord => ({
  job: row.job,
  inputs: fromJsonRows(jobInputs, row.inputs),
  outputs: fromJsonRows(jobOutputs, row.outputs),
});

/** The owner's unexpired job; anyone else's id finds nothing. */
export async function findJob(db: Queryable, owner: Owner, id: string, now: Date): Promise<JobRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(withParts).from(jobs).where(and(eq(jobs.id, id), ownedBy(jobs, owner), gt(jobs.expiresAt, now))).limit(1);
  return row && asRecord(row);
}

/** The jobs of a batch, in input order (the caller found the batch with its owner). */
export async function findBatchJobs(db: Queryable, batchId: string): Promise<JobRecord[]> {
  const rows = await db.select(withParts).from(jobs).where(eq(jobs.batchId, batchId)).orderBy(asc(jobs.batchPosition));
  return rows.map(asRecord);
}

// ── Running ───────────────────────────────────────────────────────────────────

/**
 * Starts an attempt: bumps `attempts` and returns the job with its inputs (one statement: the worker
 * reads nothing else before it runs), or nothing when the job is gone or already finished (a retry of
 * a job whose earlier attempt committed before its worker died). A running job has no outputs yet.
 */
export async function claimJob(db: Queryable, id: string, now: Date): Promise<JobRecord | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, progress: 0, startedAt: sql`coalesce(${jobs.startedAt}, ${now})` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
    .returning({ ...getTableColumns(jobs), inputs: withParts.inputs });
  if (!row) return undefined;
  const { inputs, ...job } = row;
  return { job, inputs: fromJsonRows(jobInputs, inputs), outputs: [] };
}

export async function setProgress(db: Queryable, id: string, attempt: number, progress: number): Promise<void> {
  await db
    .update(jobs)
    .set({ progress })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempt), lt(jobs.progress, progress)));
}

/** Shown as queued again while pg-boss waits to retry it. */
export async function requeueJob(db: Queryable, id: string, attempt: number): Promise<void> {
  await db.update(jobs).set({ status: 'queued', progress: 0 }).where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempt)));
}

export interface Finished {
  job: JobRow;
  /** What it made (none when it failed). */
  outputs: JobOutputRow[];
  /** Set when this job was the batch's last to finish (exactly one caller sees it). */
  batchFinished?: BatchRow;
}

/**
 * Records a success in one transaction: the outputs, the status and the account's count. Only an
 * attempt still holding the job commits; a duplicate attempt finds it finished and changes nothing.
 * Options are cleared: they may hold passwords and are not needed once the job is done.
 */
export async function completeJob(db: Database, id: string, outputs: NewJobOutput[], now: Date): Promise<Finished | undefined> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set({ status: 'succeeded', progress: 100, finishedAt: now, options: {} })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    if (!job) return undefined;
    const made = await insertOutputs(tx, job, outputs, now);
    if (job.userId) await countPdfProcessed(tx, job.userId, now);
    if (job.apiKeyId) await countApiKeyUsage(tx, job.apiKeyId, { pages: outputs.reduce((sum, o) => sum + (o.pages ?? 0), 0) });
    return { job, outputs: made, batchFinished: await finishBatchIfDone(tx, job, now) };
  });
}

export interface JobFailure {
  code: string;
  message: string;
  details?: JobErrorDetails;
}

/** Records a failure with a stable code and a message safe to show; a finished job stays as it was. */
export async function failJob(db: Database, id: string, error: JobFailure, now: Date): Promise<Finished | undefined> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set({ status: 'failed', finishedAt: now, errorCode: error.code, errorMessage: error.message, errorDetails: error.details ?? null, options: {} })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    if (!job) return undefined;
    return { job, outputs: [], batchFinished: await finishBatchIfDone(tx, job, now) };
  });
}

// ── Retention ─────────────────────────────────────────────────────────────────

/** Longer than any attempt may run (the queue's expiry). */
const RUNNING_GRACE_MS = 60 * 60_000;

/**
 * Deletes up to `limit` expired jobs: `removeBlobs` gets their keys (outputs and the job's own
 * uploads, never a stored document's) and must succeed before the rows go, inside one transaction
 * that holds the rows with SKIP LOCKED, so concurrent sweepers take different rows and a crash leaves
 * the rows for the next sweep. Returns how many jobs were deleted.
 */
export async function sweepExpiredJobs(db: Database, now: Date, limit: number, removeBlobs: (keys: string[]) => Promise<void>): Promise<number> {
  // A job still running at its expiry gets a grace period: its attempt would otherwise store outputs
  // for a row that no longer exists.
  const runningBefore = new Date(now.getTime() - RUNNING_GRACE_MS);
  return db.transaction(async (tx) => {
    const rows = (await tx.execute(
      sql`select ${jobs.id} as id from ${jobs}
          where ${jobs.expiresAt} <= ${now} and (${jobs.status} <> 'running' or ${jobs.expiresAt} <= ${runningBefore})
          order by ${jobs.expiresAt} limit ${limit} for update skip locked`,
    )) as unknown as { rows: { id: string }[] };
    const ids = rows.rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    const [outputs, inputs] = await Promise.all([
      tx.select({ key: jobOutputs.blobKey }).from(jobOutputs).where(inArray(jobOutputs.jobId, ids)),
      tx.select({ key: jobInputs.blobKey }).from(jobInputs).where(and(inArray(jobInputs.jobId, ids), isNull(jobInputs.documentId))),
    ]);
    await removeBlobs([...outputs, ...inputs].map((r) => r.key));
    await tx.delete(jobs).where(inArray(jobs.id, ids));
    return ids.length;
  });
}
