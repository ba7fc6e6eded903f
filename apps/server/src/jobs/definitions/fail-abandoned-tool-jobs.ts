import { DEAD_LETTER_QUEUE } from '../../domain/tool-pools.ts';
import { defineQueuedJob } from '../job-definition.ts';
import { failAbandonedJob } from '../../services/tool-jobs/run.ts';
import { toolJobPayload } from './tool-jobs.ts';

/** Tool jobs whose every attempt crashed or lost its worker land here and are marked failed. */
export const FAIL_ABANDONED_TOOL_JOBS = defineQueuedJob({
  kind: 'queued',
  id: DEAD_LETTER_QUEUE,
  payload: toolJobPayload,
  retry: { limit: 5, delaySeconds: 2, maxDelaySeconds: 60 },
  // Marking a job failed is quick: no heartbeat needed.
  timeoutSeconds: 30 * 60,
  concurrency: 1,
  handler: failAbandonedJob,
});
