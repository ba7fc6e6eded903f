import { TEAM_ACTIVITY_DAYS } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { deleteEmptyBatches } from '../repositories/batches.ts';
import { findPurgeableDocuments, markDocumentsPurged } from '../repositories/documents.ts';
import { sweepExpiredJobs } from '../repositories/jobs.ts';
import { deleteEndedRateLimits } from '../repositories/rate-limits.ts';
import { deleteTeamActivityBefore } from '../repositories/team-activity.ts';
import { deleteIdleVisitorSessions } from '../repositories/visitor-sessions.ts';
import { deleteSettledDeliveriesBefore } from '../repositories/webhooks.ts';
import { removeSharedPages } from './share-page-cache.ts';
import { VISITOR_COOKIE_MAX_AGE_SECONDS } from './visitor-session.ts';

/**
 * What retention says must go, run by the periodic jobs (`jobs/definitions/`). Each is idempotent and
 * safe with several instances at once: each takes different rows, and deleting absent bytes is not an error.
 */

const DOCUMENTS_BATCH = 100;
const TOOL_JOBS_BATCH = 100;
const ROWS_BATCH = 1000;

/**
 * Removes the bytes of files soft-deleted more than graceMs ago (every version's), then records purged_at. Bytes go first
 * and blob deletion is idempotent, so a crash between the two, or two sweepers on the same rows, only
 * repeats a harmless delete; a row is never marked purged while its bytes remain. Returns how many it marked.
 */
export async function purgeDeletedDocuments(ports: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore'>, options: { graceMs: number }): Promise<number> {
  const cutoff = new Date(ports.clock.now().getTime() - options.graceMs);
  let purged = 0;
  for (;;) {
    const batch = await findPurgeableDocuments(ports.db, cutoff, DOCUMENTS_BATCH);
    if (batch.length === 0) return purged;
    const removed: string[] = [];
    for (const doc of batch) {
      try {
        for (const key of doc.keys) await ports.blobStore.delete(key);
        // Page images a share link rendered on this machine (a viewer opening the gone link removes them too).
        await removeSharedPages(ports, doc.id);
        removed.push(doc.id);
      } catch (err) {
        ports.logger.error({ err, documentId: doc.id }, 'could not purge a deleted document; will retry');
      }
    }
    purged += await markDocumentsPurged(ports.db, removed, ports.clock.now());
    // Every row of this batch failed: stop rather than spin; the next sweep retries.
    if (removed.length === 0 || batch.length < DOCUMENTS_BATCH) return purged;
  }
}

/**
 * Expired jobs with their inputs' and outputs' bytes and rows, then emptied batches, idle visitor
 * sessions and ended rate-limit windows. Returns the number of jobs deleted.
 */
export async function sweepExpiredToolJobs(ports: Pick<Ports, 'clock' | 'db' | 'blobStore'>): Promise<number> {
  const now = ports.clock.now();
  let total = 0;
  for (;;) {
    const deleted = await sweepExpiredJobs(ports.db, now, TOOL_JOBS_BATCH, async (keys) => {
      for (const key of keys) await ports.blobStore.delete(key);
    });
    total += deleted;
    if (deleted < TOOL_JOBS_BATCH) break;
  }
  await deleteEmptyBatches(ports.db, now);
  await deleteIdleVisitorSessions(ports.db, new Date(now.getTime() - VISITOR_COOKIE_MAX_AGE_SECONDS * 1000));
  await deleteEndedRateLimits(ports.db, now);
  return total;
}

/** Deletes team activity entries older than TEAM_ACTIVITY_DAYS. */
export const purgeTeamActivity = (ports: Pick<Ports, 'clock' | 'db'>): Promise<number> =>
  purgeOlderThan(ports, TEAM_ACTIVITY_DAYS * 24 * 60 * 60 * 1000, (cutoff, limit) => deleteTeamActivityBefore(ports.db, cutoff, limit));

/** Deletes delivered and failed deliveries older than keepMs; pending ones stay until settled. */
export const purgeWebhookDeliveries = (ports: Pick<Ports, 'clock' | 'db'>, keepMs: number): Promise<number> =>
  purgeOlderThan(ports, keepMs, (cutoff, limit) => deleteSettledDeliveriesBefore(ports.db, cutoff, limit));

/**
 * Deletes what is older than `keepMs`, a batch at a time (so no statement holds many locks), until a
 * batch comes back short. `deleteBatch` deletes at most `limit` rows older than `cutoff` and says how many.
 */
async function purgeOlderThan(ports: Pick<Ports, 'clock'>, keepMs: number, deleteBatch: (cutoff: Date, limit: number) => Promise<number>): Promise<number> {
  const cutoff = new Date(ports.clock.now().getTime() - keepMs);
  let purged = 0;
  for (;;) {
    const deleted = await deleteBatch(cutoff, ROWS_BATCH);
    purged += deleted;
    if (deleted < ROWS_BATCH) return purged;
  }
}
