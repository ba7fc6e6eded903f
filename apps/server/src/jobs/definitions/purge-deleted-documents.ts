import { purgeDeletedDocuments } from '../../services/retention.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

/** How long a deleted PDF's bytes are kept before the sweeper removes them. */
export const DOCUMENT_PURGE_GRACE_MS = 24 * 60 * 60 * 1000;

export const PURGE_DELETED_DOCUMENTS: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'purge-deleted-documents',
  everyMs: 10 * 60_000,
  runsIn: 'worker',
  handler: (ports) => purgeDeletedDocuments(ports, { graceMs: DOCUMENT_PURGE_GRACE_MS }),
};
