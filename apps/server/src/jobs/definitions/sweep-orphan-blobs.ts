import { sweepOrphanBlobs } from '../../services/orphan-blobs.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

/** Every six hours: orphans are rare (a crash mid-save), and listing a large bucket is not free. */
export const SWEEP_ORPHAN_BLOBS: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'sweep-orphan-blobs',
  everyMs: 6 * 60 * 60_000,
  runsIn: 'worker',
  handler: sweepOrphanBlobs,
};
