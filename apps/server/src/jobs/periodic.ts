import type { Container } from '../container.ts';
import { sweepExpiredToolJobs } from './sweep-expired-jobs.ts';

/** Housekeeping every worker runs on a timer; each task is idempotent and safe on several instances at once. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(container: Container): Promise<unknown>;
}

export const PERIODIC_TASKS: PeriodicTask[] = [{ name: 'sweep-expired-tool-jobs', everyMs: 60_000, run: sweepExpiredToolJobs }];
