import type { Container } from '../container.ts';
import { sweepExpiredJobs, sweepLeftovers } from '../repositories/jobs.ts';
import { VISITOR_COOKIE_MAX_AGE_SECONDS } from '../services/visitor-session.ts';

const BATCH_SIZE = 100;

/**
 * Deletes what retention says must go: expired jobs with their inputs' and outputs' bytes and rows,
 * then emptied batches, idle visitor sessions and old rate-limit windows. Idempotent and safe with
 * several instances at once (each takes different rows; deleting absent bytes is not an error).
 * Returns the number of jobs deleted.
 */
export async function sweepExpiredToolJobs(container: Container): Promise<number> {
  const now = container.clock.now();
  let total = 0;
  for (;;) {
    const deleted = await sweepExpiredJobs(container.db, now, BATCH_SIZE, async (keys) => {
      for (const key of keys) await container.blobStore.delete(key);
    });
    total += deleted;
    if (deleted < BATCH_SIZE) break;
  }
  await sweepLeftovers(container.db, now, new Date(now.getTime() - VISITOR_COOKIE_MAX_AGE_SECONDS * 1000), new Date(now.getTime() - 60 * 60_000));
  return total;
}
