import type { Ports } from '../../ports.ts';
import { findPurgeableDocuments, markDocumentsPurged } from '../../repositories/documents.ts';
import { removeSharedPages } from '../../services/share-page-cache.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

/** How long a deleted PDF's bytes are kept before the sweeper removes them. */
export const DOCUMENT_PURGE_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Removes the bytes of files soft-deleted more than graceMs ago (every version's), then records purged_at. Bytes go first
 * and blob deletion is idempotent, so a crash between the two, or two sweepers on the same rows, only
 * repeats a harmless delete; a row is never marked purged while its bytes remain. Returns how many it marked.
 */
export async function purgeDeletedDocuments(container: Pick<Ports, 'dataDir' | 'logger' | 'clock' | 'db' | 'blobStore'>, options: { graceMs: number }): Promise<number> {
  const cutoff = new Date(container.clock.now().getTime() - options.graceMs);
  let purged = 0;
  for (;;) {
    const batch = await findPurgeableDocuments(container.db, cutoff, BATCH);
    if (batch.length === 0) return purged;
    const removed: string[] = [];
    for (const doc of batch) {
      try {
        for (const key of doc.keys) await container.blobStore.delete(key);
        // Page images a share link rendered on this machine (a viewer opening the gone link removes them too).
        await removeSharedPages(container, doc.id);
        removed.push(doc.id);
      } catch (err) {
        container.logger.error({ err, documentId: doc.id }, 'could not purge a deleted document; will retry');
      }
    }
    purged += await markDocumentsPurged(container.db, removed, container.clock.now());
    // Every row of this batch failed: stop rather than spin; the next sweep retries.
    if (removed.length === 0 || batch.length < BATCH) return purged;
  }
}

export const PURGE_DELETED_DOCUMENTS: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'purge-deleted-documents',
  everyMs: 10 * 60_000,
  runsIn: 'worker',
  handler: (container) => purgeDeletedDocuments(container, { graceMs: DOCUMENT_PURGE_GRACE_MS }),
};
