import type { z } from 'zod';
import type { QueueJob, QueueOptions } from '../adapters/job-queue.ts';
import type { Ports } from '../ports.ts';

/**
 * What every background task declares, so the worker registers them all from one list
 * (`definitions/index.ts`) and adding a task is one file plus one line there.
 */
export type JobDefinition = QueuedJobDefinition | PeriodicJobDefinition;

/** Retries of a queued job, each delayed twice as long as the one before, up to `maxDelaySeconds`. */
export interface RetryPolicy {
  /** Attempts after the first. */
  limit: number;
  delaySeconds: number;
  maxDelaySeconds: number;
}

/** Work handed to one worker of the fleet through the durable queue (pg-boss): one queue per definition. */
export interface QueuedJobDefinition<Payload extends object = object> {
  kind: 'queued';
  /** The queue's name; senders address the job by it. */
  id: string;
  /** Checked before the handler runs; a payload that fails it is dropped, never retried. */
  payload: z.ZodType<Payload>;
  retry: RetryPolicy;
  /** A running attempt older than this is expired by the queue and counts as failed. */
  timeoutSeconds: number;
  /** Set for long jobs: a worker that stops beating (killed) loses the job to a retry this long after. */
  heartbeatSeconds?: number;
  /** The queue that receives a job whose attempts are all spent. */
  deadLetter?: string;
  /** Handlers of this job one worker process runs at once. */
  concurrency: number;
  /** A throw asks for a retry (while attempts are left). */
  handler(ports: Ports, job: QueueJob<Payload>): Promise<void>;
}

/**
 * Housekeeping on each process's own timer, run at start (the start-up clean-up) and then every
 * `everyMs`, never two runs of one definition at once in a process. Handlers must be idempotent and
 * safe on several instances at once; a failed run is logged and the next run is the retry.
 */
export interface PeriodicJobDefinition {
  kind: 'periodic';
  id: string;
  everyMs: number;
  /** 'every process' for work on this machine's own disk, which an api-only process must do too. */
  runsIn: 'worker' | 'every process';
  handler(ports: Ports): Promise<unknown>;
}

/** Lets a definition file state its payload type once (the handler's job is typed from the schema). */
export const defineQueuedJob = <Payload extends object>(definition: QueuedJobDefinition<Payload>) => definition;

/** How long pg-boss keeps a finished job's own row (ours, in `jobs`, has its own retention). */
const KEEP_FINISHED_SECONDS = 24 * 60 * 60;

/** The queues to create at start (senders and workers alike), with each definition's retry and timeout. */
export function queueSettings(definitions: readonly JobDefinition[]): Record<string, QueueOptions> {
  const queues: Record<string, QueueOptions> = {};
  for (const job of definitions) {
    if (job.kind !== 'queued') continue;
    queues[job.id] = {
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: job.retry.maxDelaySeconds,
      expireInSeconds: job.timeoutSeconds,
      deleteAfterSeconds: KEEP_FINISHED_SECONDS,
      notify: true,
      ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
      ...(job.deadLetter ? { deadLetter: job.deadLetter } : {}),
    };
  }
  return queues;
}
