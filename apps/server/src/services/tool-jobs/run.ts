import { isEngineError } from '@wattle/pdf-engine';
import { AppError, ERROR_CATALOGUE, getTool, isErrorCode, MAX_PDF_SIZE, type ErrorCode, type JobErrorDetails } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import type { QueueJob } from '../../adapters/job-queue.ts';
import { BlobNotFoundError } from '../../adapters/blob-store/blob-store.ts';
import { ownerOfRow } from '../../domain/owner.ts';
import { claimJob, completeJob, failJob, requeueJob, setProgress, type Finished, type JobFailure, type JobInputRow, type JobRecord } from '../../repositories/jobs.ts';
import { removesActiveContent } from '../../repositories/profiles.ts';
import { engineRefusal } from '../../domain/engine-refusal.ts';
import { batchView, findOwnedBatch } from './views.ts';
import { jobCache } from './job-cache.ts';
import { notify } from '../notifications.ts';
import { emitWebhookEvent } from '../webhooks.ts';
import { runToolForJob } from '../tool-runner.ts';
import { callerLimits } from '../../domain/caller-limits.ts';
import { RETRY_LIMIT } from '../../domain/tool-pools.ts';

export interface ToolJobData {
  jobId: string;
}

/** Account holders hear about jobs that took longer than this (and about every batch). */
const LONG_JOB_MS = 10_000;
const PROGRESS_INTERVAL_MS = 500;

/** Codes worth another attempt: the machine's fault, not the document's. */
const RETRYABLE = new Set<ErrorCode>(['ENGINE_TIMEOUT', 'INTERNAL']);

/**
 * One attempt at a tool job. The outcome is recorded in one transaction that only an attempt still
 * holding the job can commit, so a worker killed at any point leaves exactly one terminal state, one
 * output set and one count. Throwing asks pg-boss to retry; it is only done for retryable failures
 * with attempts left.
 */
export async function runToolJob(container: Pick<Ports, 'config' | 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore' | 'executor' | 'events' | 'queue' | 'authSecret'>, queued: QueueJob<ToolJobData>): Promise<void> {
  const { db, clock, logger } = container;
  const { jobId } = queued.data;
  const record = await claimJob(db, jobId, clock.now());
  if (!record) return; // finished by an earlier attempt, or swept
  const { job } = record;
  const attempt = job.attempts;
  await publishJob(container, job, record);

  let lastProgress = 0;
  // Not before the job has run an interval: a quick job's page goes from running to its result, without
  // a progress write and a reload of the job in between.
  let lastWrite = clock.now().getTime();
  const onProgress = (fraction: number) => {
    const progress = Math.min(99, Math.floor(fraction * 100));
    const now = clock.now().getTime();
    if (progress <= lastProgress || now - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastProgress = progress;
    lastWrite = now;
    setProgress(db, jobId, attempt, progress)
      .then(() => container.events.publishJobChanged(jobId))
      .catch((err) => logger.warn({ err, jobId }, 'progress not recorded'));
  };

  try {
    // A tool dropped by a later version leaves its queued jobs naming nothing: they fail.
    const tool = getTool(job.tool);
    if (!tool) throw new AppError('NOT_FOUND');
    const limits = callerLimits(container.config, !!job.userId);
    const outputs = await runToolForJob(container, {
      jobId,
      tool: tool.id,
      options: job.options,
      inputs: record.inputs.map((i) => ({ blobKey: i.blobKey, filename: i.filename, ownCopy: i.documentId === null })),
      limits: { maxFileBytes: limits.maxFileBytes, maxPages: limits.maxPages },
      // Visitors always; an account as its setting says (decision 134).
      removeActiveContent: !job.userId || (await removesActiveContent(db, job.userId)),
      // An edit of a stored document is saved as its next version: a result too large for that must not exist.
      maxOutputBytes: tool.id === 'edit' && record.inputs[0]?.documentId ? MAX_PDF_SIZE : undefined,
      onProgress,
      signal: queued.signal,
    });
    await afterFinish(container, await completeJob(db, jobId, outputs, clock.now()), record.inputs);
  } catch (err) {
    const failure = describeFailure(err);
    if (RETRYABLE.has(failure.code) && queued.retryCount < RETRY_LIMIT) {
      logger.warn({ err, jobId, attempt }, 'tool job attempt failed; retrying');
      await requeueJob(db, jobId, attempt);
      await publishJob(container, { ...job, status: 'queued' });
      throw err;
    }
    if (failure.code === 'INTERNAL') logger.error({ err, jobId, attempt }, 'tool job failed');
    await afterFinish(container, await failJob(db, jobId, failure, clock.now()), record.inputs);
  }
}

/** A job whose every attempt crashed or lost its worker (pg-boss dead-lettered it). */
export async function failAbandonedJob(container: Pick<Ports, 'logger' | 'clock' | 'db' | 'events' | 'queue' | 'authSecret'>, queued: QueueJob<ToolJobData>): Promise<void> {
  const failure = { code: 'INTERNAL', message: 'Processing stopped unexpectedly. Please try again.' };
  await afterFinish(container, await failJob(container.db, queued.data.jobId, failure, container.clock.now()));
}

function describeFailure(err: unknown): JobFailure & { code: ErrorCode } {
  if (isEngineError(err)) {
    const refusal = engineRefusal(err);
    // A job's failure carries only the fields a VALIDATION_FAILED names (the jobs contract).
    return { code: refusal.code, message: refusal.message, ...(refusal.code === 'VALIDATION_FAILED' && refusal.details && { details: refusal.details as JobErrorDetails }) };
  }
  if (err instanceof BlobNotFoundError) return { code: 'NOT_FOUND', message: 'A file for this job was deleted before it could be processed.' };
  const code = (err as { code?: unknown })?.code;
  if (isErrorCode(code) && code !== 'INTERNAL') return { code, message: ERROR_CATALOGUE[code].message };
  return { code: 'INTERNAL', message: ERROR_CATALOGUE.INTERNAL.message };
}

/**
 * Every process's job caches and streams hear of it; an account's open pages too (job.updated says both).
 * With the job's whole record as just committed, this process's cache keeps it: its streams and polls
 * need not read the job back.
 */
async function publishJob(container: Pick<Ports, 'clock' | 'db' | 'events'>, job: { id: string; userId: string | null; batchId: string | null; status: string }, record?: JobRecord) {
  const publish = () =>
    (job.userId
      ? container.events.publish(job.userId, { type: 'job.updated', jobId: job.id, batchId: job.batchId, status: job.status })
      : container.events.publishJobChanged(job.id)
    ).catch(() => {});
  await (record ? jobCache(container).announce(record, publish) : publish());
}

/** Tells the account: an event for open pages, a notification for a long job or a finished batch. */
async function afterFinish(container: Pick<Ports, 'logger' | 'clock' | 'db' | 'events' | 'queue' | 'authSecret'>, finished: Finished | undefined, inputs?: JobInputRow[]): Promise<void> {
  if (!finished) return;
  const { job, outputs, batchFinished } = finished;
  await publishJob(container, job, inputs && { job, inputs, outputs });
  if (!job.userId) return;
  try {
    const toolName = getTool(job.tool)?.name ?? job.tool;
    if (!job.batchId && job.finishedAt && job.finishedAt.getTime() - job.createdAt.getTime() > LONG_JOB_MS) {
      await notify(
        container,
        job.userId,
        job.status === 'succeeded'
          ? { type: 'job.finished', title: `${toolName}: your file is ready`, body: 'Download it from Downloads before it expires.', link: '/dashboard/downloads' }
          : { type: 'job.failed', title: `${toolName}: the job did not finish`, body: job.errorMessage ?? ERROR_CATALOGUE.INTERNAL.message, link: `/tools/${job.tool}` },
      );
    }
    const outcome = job.status === 'succeeded' ? 'succeeded' : 'failed';
    await emitWebhookEvent(container, ownerOfRow({ userId: job.userId, teamId: job.teamId }), `job.${outcome}`, {
      jobId: job.id,
      tool: job.tool,
      batchId: job.batchId,
      status: outcome,
      ...(outcome === 'failed' && { error: { code: job.errorCode, message: job.errorMessage } }),
    });
    if (batchFinished) {
      const found = await findOwnedBatch(container, ownerOfRow({ userId: job.userId, teamId: job.teamId }), batchFinished.id);
      const counts = found ? batchView(container, found.batch, found.jobs).counts : undefined;
      await emitWebhookEvent(container, ownerOfRow({ userId: job.userId, teamId: job.teamId }), 'batch.finished', { batchId: batchFinished.id, tool: job.tool, counts: counts ?? null });
      await notify(container, job.userId, {
        type: 'batch.finished',
        title: `${toolName}: your batch is finished`,
        body: counts ? `${counts.succeeded} of ${counts.total} files were processed.` : 'Your batch is finished.',
        link: `/dashboard/batch?batch=${batchFinished.id}`,
      });
    }
  } catch (err) {
    // The job's outcome is committed; telling about it is best effort.
    container.logger.warn({ err, jobId: job.id }, 'job notification failed');
  }
}
