import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import {
  jobBatches,
  jobInputs,
  jobOutputs,
  jobs,
  pdfFiles,
  profiles,
  toolRateLimits,
  usageStatistics,
  visitorSessions,
  type Database,
} from '@wattle/db';
import { isUuid } from '@wattle/shared';

/** The database or a transaction on it. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type JobRow = typeof jobs.$inferSelect;
export type JobInputRow = typeof jobInputs.$inferSelect;
export type JobOutputRow = typeof jobOutputs.$inferSelect;
export type BatchRow = typeof jobBatches.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type NewJobInput = typeof jobInputs.$inferInsert;
export type NewJobOutput = Omit<typeof jobOutputs.$inferInsert, 'jobId' | 'userId' | 'visitorSessionId' | 'createdAt' | 'expiresAt'>;

/** Whose rows: an account or a visitor's anonymous session. Every read and write below is scoped by it. */
export type Owner = { userId: string; visitorSessionId?: undefined } | { visitorSessionId: string; userId?: undefined };

const ownedBy = (table: typeof jobs | typeof jobOutputs | typeof jobBatches, owner: Owner) =>
  owner.userId !== undefined ? eq(table.userId, owner.userId) : eq(table.visitorSessionId, owner.visitorSessionId);

// ── Visitor sessions ──────────────────────────────────────────────────────────

export async function insertVisitorSession(db: Queryable, tokenHash: string, now: Date): Promise<string> {
  const [row] = await db.insert(visitorSessions).values({ tokenHash, createdAt: now, lastSeenAt: now }).returning({ id: visitorSessions.id });
  return row!.id;
}

/** The session's id; its last-seen time moves on at most once a minute (the sweeper reads it). */
export async function findVisitorSession(db: Queryable, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db.select({ id: visitorSessions.id, lastSeenAt: visitorSessions.lastSeenAt }).from(visitorSessions).where(eq(visitorSessions.tokenHash, tokenHash)).limit(1);
  if (row && now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(visitorSessions).set({ lastSeenAt: now }).where(eq(visitorSessions.id, row.id));
  }
  return row?.id;
}

// ── Submission ────────────────────────────────────────────────────────────────

/**
 * Counts `n` hits in the key's fixed window in one statement (shared by every process); returns the
 * count including them and when the window started.
 */
export async function hitRateLimit(db: Queryable, key: string, n: number, now: Date, windowMs: number): Promise<{ count: number; windowStart: Date }> {
  const stale = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(toolRateLimits)
    .values({ key, windowStart: now, count: n })
    .onConflictDoUpdate({
      target: toolRateLimits.key,
      set: {
        count: sql`case when ${toolRateLimits.windowStart} <= ${stale} then excluded.count else ${toolRateLimits.count} + excluded.count end`,
        windowStart: sql`case when ${toolRateLimits.windowStart} <= ${stale} then excluded.window_start else ${toolRateLimits.windowStart} end`,
      },
    })
    .returning({ count: toolRateLimits.count, windowStart: toolRateLimits.windowStart });
  return row!;
}

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
  who: { owner?: Owner; visitorIp?: string; pool: string },
): Promise<{ owner: number; visitorIp: number; poolVisitors: number }> {
  const mine = who.owner ? ownedBy(jobs, who.owner) : sql`false`;
  const fromIp = who.visitorIp !== undefined ? eq(jobs.visitorIp, who.visitorIp) : sql`false`;
  const poolVisitors = and(eq(jobs.pool, who.pool), isNotNull(jobs.visitorSessionId))!;
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

/** The account's non-deleted documents among `ids` (foreign ones are simply not found). */
export async function findOwnedDocuments(db: Queryable, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: pdfFiles.id, filename: pdfFiles.filename, blobKey: pdfFiles.filePath, size: pdfFiles.fileSize, contentType: pdfFiles.contentType })
    .from(pdfFiles)
    .where(and(eq(pdfFiles.userId, userId), eq(pdfFiles.deleted, false), inArray(pdfFiles.id, ids)));
}

export async function findPreferredPageSize(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ size: profiles.preferredPageSize }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row?.size;
}

export async function insertBatch(tx: Queryable, batch: typeof jobBatches.$inferInsert): Promise<void> {
  await tx.insert(jobBatches).values(batch);
}

export async function insertJob(tx: Queryable, job: NewJob, inputs: Omit<NewJobInput, 'jobId'>[]): Promise<void> {
  await tx.insert(jobs).values(job);
  if (inputs.length) await tx.insert(jobInputs).values(inputs.map((input) => ({ ...input, jobId: job.id })));
}

// ── Reading ───────────────────────────────────────────────────────────────────

export interface JobRecord {
  job: JobRow;
  inputs: JobInputRow[];
  outputs: JobOutputRow[];
}

async function withParts(db: Queryable, rows: JobRow[]): Promise<JobRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [inputs, outputs] = await Promise.all([
    db.select().from(jobInputs).where(inArray(jobInputs.jobId, ids)).orderBy(asc(jobInputs.position)),
    db.select().from(jobOutputs).where(inArray(jobOutputs.jobId, ids)).orderBy(asc(jobOutputs.position)),
  ]);
  return rows.map((job) => ({
    job,
    inputs: inputs.filter((i) => i.jobId === job.id),
    outputs: outputs.filter((o) => o.jobId === job.id),
  }));
}

/** The owner's unexpired job; anyone else's id finds nothing. */
export async function findJob(db: Queryable, owner: Owner, id: string, now: Date): Promise<JobRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.select().from(jobs).where(and(eq(jobs.id, id), ownedBy(jobs, owner), gt(jobs.expiresAt, now))).limit(1);
  return (await withParts(db, rows))[0];
}

/** For the worker, which acts on behalf of whoever made the job. */
export async function findJobForWorker(db: Queryable, id: string): Promise<JobRecord | undefined> {
  const rows = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return (await withParts(db, rows))[0];
}

export async function findBatch(db: Queryable, owner: Owner, id: string, now: Date): Promise<{ batch: BatchRow; jobs: JobRecord[] } | undefined> {
  if (!isUuid(id)) return undefined;
  const [batch] = await db.select().from(jobBatches).where(and(eq(jobBatches.id, id), ownedBy(jobBatches, owner), gt(jobBatches.expiresAt, now))).limit(1);
  if (!batch) return undefined;
  const rows = await db.select().from(jobs).where(eq(jobs.batchId, id)).orderBy(asc(jobs.batchPosition));
  return { batch, jobs: await withParts(db, rows) };
}

export async function listOutputs(db: Queryable, owner: Owner, now: Date, limit = 200) {
  return db
    .select({ output: jobOutputs, tool: jobs.tool })
    .from(jobOutputs)
    .innerJoin(jobs, eq(jobs.id, jobOutputs.jobId))
    .where(and(ownedBy(jobOutputs, owner), gt(jobOutputs.expiresAt, now)))
    .orderBy(desc(jobOutputs.createdAt), asc(jobOutputs.position))
    .limit(limit);
}

/** An unexpired output by id alone: the caller proves the right to it (signature or owner). */
export async function findOutput(db: Queryable, id: string, now: Date): Promise<JobOutputRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(jobOutputs).where(and(eq(jobOutputs.id, id), gt(jobOutputs.expiresAt, now))).limit(1);
  return row;
}

export async function deleteOutput(db: Queryable, owner: Owner, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.delete(jobOutputs).where(and(eq(jobOutputs.id, id), ownedBy(jobOutputs, owner))).returning({ blobKey: jobOutputs.blobKey });
  return row?.blobKey;
}

/**
 * Marks the output saved as `documentId`, holding its row until the transaction ends, so racing saves
 * take turns. When it is already saved as a document still in My Documents, changes nothing and
 * returns that document's id.
 */
export async function markOutputSaved(tx: Queryable, id: string, documentId: string): Promise<string | undefined> {
  const [row] = await tx.select({ saved: jobOutputs.savedDocumentId }).from(jobOutputs).where(eq(jobOutputs.id, id)).for('update');
  if (row?.saved) {
    const [kept] = await tx.select({ id: pdfFiles.id }).from(pdfFiles).where(and(eq(pdfFiles.id, row.saved), eq(pdfFiles.deleted, false)));
    if (kept) return kept.id;
  }
  await tx.update(jobOutputs).set({ savedDocumentId: documentId }).where(eq(jobOutputs.id, id));
  return undefined;
}

// ── Running ───────────────────────────────────────────────────────────────────

/**
 * Starts an attempt: bumps `attempts` and returns the row, or nothing when the job is gone or already
 * finished (a retry of a job whose earlier attempt committed before its worker died).
 */
export async function claimJob(db: Queryable, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, progress: 0, startedAt: sql`coalesce(${jobs.startedAt}, ${now})` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
    .returning();
  return row;
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
    if (outputs.length) {
      await tx.insert(jobOutputs).values(outputs.map((o) => ({ ...o, jobId: id, userId: job.userId, visitorSessionId: job.visitorSessionId, createdAt: now, expiresAt: job.expiresAt })));
    }
    if (job.userId) {
      await tx
        .insert(usageStatistics)
        .values({ userId: job.userId, pdfsProcessed: 1 })
        .onConflictDoUpdate({ target: usageStatistics.userId, set: { pdfsProcessed: sql`${usageStatistics.pdfsProcessed} + 1`, updatedAt: now } });
    }
    return { job, batchFinished: await finishBatchIfDone(tx, job, now) };
  });
}

/** Records a failure with a stable code and a message safe to show; a finished job stays as it was. */
export async function failJob(db: Database, id: string, error: { code: string; message: string }, now: Date): Promise<Finished | undefined> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set({ status: 'failed', finishedAt: now, errorCode: error.code, errorMessage: error.message, options: {} })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    if (!job) return undefined;
    return { job, batchFinished: await finishBatchIfDone(tx, job, now) };
  });
}

async function finishBatchIfDone(tx: Queryable, job: JobRow, now: Date): Promise<BatchRow | undefined> {
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

/** Batches whose jobs are all gone, visitor sessions idle and jobless, old rate-limit windows. */
export async function sweepLeftovers(db: Queryable, now: Date, visitorIdleBefore: Date, rateLimitBefore: Date): Promise<void> {
  await db.delete(jobBatches).where(and(lte(jobBatches.expiresAt, now), notExists(db.select({ one: sql`1` }).from(jobs).where(eq(jobs.batchId, jobBatches.id)))));
  await db
    .delete(visitorSessions)
    .where(and(lt(visitorSessions.lastSeenAt, visitorIdleBefore), notExists(db.select({ one: sql`1` }).from(jobs).where(eq(jobs.visitorSessionId, visitorSessions.id)))));
  await db.delete(toolRateLimits).where(lt(toolRateLimits.windowStart, rateLimitBefore));
}
