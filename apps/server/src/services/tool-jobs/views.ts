import { AppError, type Batch, type Job, type JobOutput, type JobStatus } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import type { Owner } from '../../domain/owner.ts';
import { findBatch, type BatchRow } from '../../repositories/batches.ts';
import { findBatchJobs, type JobRecord } from '../../repositories/jobs.ts';
import type { JobOutputRow } from '../../repositories/outputs.ts';
import { signedDownloadUrl } from './download-links.ts';
import { jobCache } from './job-cache.ts';

/** Jobs, batches and outputs as the API shows them, read for their owner. */

// The shapes are the API contracts' (packages/shared/src/api/jobs.ts).
export type OutputView = JobOutput;
export type JobView = Job;
export type BatchView = Batch;

export function outputView(container: Pick<Ports, 'authSecret'>, row: JobOutputRow): OutputView {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    pages: row.pages,
    notes: row.notes,
    downloadUrl: signedDownloadUrl(container, row),
    expiresAt: row.expiresAt.toISOString(),
  };
}

function jobView(container: Pick<Ports, 'authSecret'>, { job, inputs, outputs }: JobRecord): JobView {
  return {
    id: job.id,
    tool: job.tool,
    status: job.status as JobStatus,
    progress: job.progress,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    expiresAt: job.expiresAt.toISOString(),
    batchId: job.batchId,
    inputs: inputs.map((i) => ({ filename: i.filename, size: i.size })),
    ...(job.status === 'failed'
      ? { error: { code: job.errorCode ?? 'INTERNAL', message: job.errorMessage ?? 'The job failed.', ...(job.errorDetails && { details: job.errorDetails }) } }
      : {}),
    outputs: job.status === 'succeeded' ? outputs.map((o) => outputView(container, o)) : [],
  };
}

export async function getJob(container: Pick<Ports, 'clock' | 'db' | 'events' | 'authSecret'>, owner: Owner | null, id: string): Promise<JobView> {
  const record = owner ? await jobCache(container).find(owner, id) : undefined;
  if (!record) throw new AppError('NOT_FOUND');
  return jobView(container, record);
}

/** The owner's unexpired batch with its jobs, or undefined (anyone else's id included). */
export async function findOwnedBatch(container: Pick<Ports, 'clock' | 'db'>, owner: Owner | null, id: string): Promise<{ batch: BatchRow; jobs: JobRecord[] } | undefined> {
  const batch = owner ? await findBatch(container.db, owner, id, container.clock.now()) : undefined;
  return batch && { batch, jobs: await findBatchJobs(container.db, batch.id) };
}

export function batchView(container: Pick<Ports, 'authSecret'>, batch: BatchRow, records: JobRecord[]): BatchView {
  const jobs = records.map((r) => jobView(container, r));
  const counts = { total: jobs.length, queued: 0, running: 0, succeeded: 0, failed: 0 };
  for (const job of jobs) counts[job.status]++;
  const open = counts.queued + counts.running;
  const status: JobStatus = open > 0 ? (counts.queued === jobs.length ? 'queued' : 'running') : counts.succeeded > 0 ? 'succeeded' : 'failed';
  return {
    id: batch.id,
    tool: batch.tool,
    status,
    progress: jobs.length ? Math.floor(jobs.reduce((sum, j) => sum + (j.status === 'failed' ? 100 : j.progress), 0) / jobs.length) : 0,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: open === 0 ? (batch.finishedAt ?? latest(jobs))?.toISOString() ?? null : null,
    expiresAt: batch.expiresAt.toISOString(),
    counts,
    jobs,
    zipUrl: `/api/v1/batches/${batch.id}/zip`,
  };
}

const latest = (jobs: JobView[]) => {
  const times = jobs.map((j) => (j.finishedAt ? Date.parse(j.finishedAt) : 0));
  return times.length ? new Date(Math.max(...times)) : undefined;
};

export async function getBatch(container: Pick<Ports, 'clock' | 'db' | 'authSecret'>, owner: Owner | null, id: string): Promise<BatchView> {
  const found = await findOwnedBatch(container, owner, id);
  if (!found) throw new AppError('NOT_FOUND');
  return batchView(container, found.batch, found.jobs);
}
