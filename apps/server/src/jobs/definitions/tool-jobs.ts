import { z } from 'zod';
import { DEAD_LETTER_QUEUE, POOLS, poolConcurrency, poolQueue, RETRY_LIMIT } from '../../domain/tool-pools.ts';
import { defineQueuedJob } from '../job-definition.ts';
import { runToolJob } from '../../services/tool-jobs/run.ts';

/** The queue carries the job's id only: its options (which may hold passwords) stay in our row. */
export const toolJobPayload = z.object({ jobId: z.string() });

/**
 * A killed worker stops beating; its job is retried by another instance about this long after. So no
 * step of a job may hold the event loop this long (decision 135): a 100-megapixel PNG decoded by
 * pdf-lib did, and its job ran twice.
 */
export const TOOL_JOB_HEARTBEAT_SECONDS = 10;

/** One definition per pool, so a burst of conversions never starves quick page edits (decision 040). */
export const TOOL_JOBS = POOLS.map((pool) =>
  defineQueuedJob({
    kind: 'queued',
    id: poolQueue(pool),
    payload: toolJobPayload,
    // Only crashes and timeouts are retried (services/tool-jobs/run.ts decides), never a document's own fault.
    retry: { limit: RETRY_LIMIT, delaySeconds: 2, maxDelaySeconds: 60 },
    timeoutSeconds: 30 * 60,
    heartbeatSeconds: TOOL_JOB_HEARTBEAT_SECONDS,
    deadLetter: DEAD_LETTER_QUEUE,
    concurrency: poolConcurrency(pool),
    handler: runToolJob,
  }),
);
