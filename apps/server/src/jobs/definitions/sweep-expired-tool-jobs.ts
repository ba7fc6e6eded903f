import type { Ports } from '../../ports.ts';
import { deleteEmptyBatches } from '../../repositories/batches.ts';
import { sweepExpiredJobs } from '../../repositories/jobs.ts';
import { deleteEndedRateLimits } from '../../repositories/rate-limits.ts';
import { deleteIdleVisitorSessions } from '../../repositories/visitor-sessions.ts';
import { VISITOR_COOKIE_MAX_AGE_SECONDS } from '../../services/visitor-session.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

const BATCH_SIZE = 100;

/**
 * Deletes what retention says must go: expired jobs with their inputs' and outputs' bytes and rows,
 * then emptied batches, idle visitor sessions and ended rate-limit windows. Idempotent and safe with
 * several instances at once (each takes different rows; deleting absent bytes is not an error).
 * Returns the number of jobs deleted.
 */
export async function sweepExpiredToolJobs(container: Pick<Ports, 'clock' | 'db' | 'blobStore'>): Promise<number> {
  const now = container.clock.now();
  let total = 0;
  for (;;) {
    const deleted = await sweepExpiredJobs(container.db, now, BATCH_SIZE, async (keys) => {
      for (const key of keys) await container.blobStore.delete(key);
    });
    total += deleted;
    if (deleted < BATCH_SIZE) break;
  }
  await deleteEmptyBatches(container.db, now);
  await deleteIdleVisitorSessions(container.db, new Date(now.getTime() - VISITOR_COOKIE_MAX_AGE_SECONDS * 1000));
  await deleteEndedRateLimits(container.db, now);
  return total;
}

/** Every minute, so an output is gone within a minute of its expiry. */
export const SWEEP_EXPIRED_TOOL_JOBS: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'sweep-expired-tool-jobs',
  everyMs: 60_000,
  runsIn: 'worker',
  handler: sweepExpiredToolJobs,
};
