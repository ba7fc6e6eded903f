import { sweepExpiredToolJobs } from '../../services/retention.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

/** Every minute, so an output is gone within a minute of its expiry. */
export const SWEEP_EXPIRED_TOOL_JOBS: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'sweep-expired-tool-jobs',
  everyMs: 60_000,
  runsIn: 'worker',
  handler: sweepExpiredToolJobs,
};
