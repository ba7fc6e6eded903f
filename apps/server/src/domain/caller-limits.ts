import { PLAN_LIMITS, planOf } from '@wattle/shared';
import type { Config } from '../config.ts';
import type { PoolId } from './tool-pools.ts';

/** What one caller may send: the shared limits table's row for visitors or for account holders. */
export interface CallerLimits {
  maxFileBytes: number;
  /** All files of one request together. */
  maxTotalBytes: number;
  /** Pages of each input document (checked by the engine before the work). */
  maxPages: number;
  /** Files of one job. */
  maxFiles: number;
  jobsPerHour: number;
  /** Inputs and outputs are deleted this long after the job was made. */
  retentionMinutes: number;
  /** Inputs of one batch (one job each). */
  maxBatchInputs: number;
  /** Jobs of the heavy pools (OCR, conversions, …) the caller may have queued or running at once. */
  maxOpenHeavyJobs: number;
}

export function callerLimits(config: Pick<Config, 'VISITOR_RETENTION_MINUTES' | 'ACCOUNT_RETENTION_HOURS'>, account: boolean): CallerLimits {
  const row = PLAN_LIMITS[planOf(account)];
  return {
    maxFileBytes: row.fileBytes,
    maxTotalBytes: row.jobBytes,
    maxPages: row.pages,
    maxFiles: row.filesPerJob,
    jobsPerHour: row.jobsPerHour,
    retentionMinutes: account ? config.ACCOUNT_RETENTION_HOURS * 60 : config.VISITOR_RETENTION_MINUTES,
    maxBatchInputs: row.batchFiles,
    maxOpenHeavyJobs: row.heavyJobsAtOnce,
  };
}

/*
 * Caps on heavy work waiting or running (with the table's heavyJobsAtOnce), counted in the database so
 * they hold across API processes. Without them visitors could queue OCR from many addresses faster than
 * the workers drain it.
 */
/** Visitor sessions are free to make: one address gets a few sessions' worth (an office behind one IP). */
export const VISITOR_OPEN_HEAVY_JOBS_PER_IP = 4;
/** Every visitor's jobs of one heavy pool together, leaving the rest of the queue to account holders. */
export const VISITOR_OPEN_JOBS_PER_POOL: Record<Exclude<PoolId, 'light'>, number> = { heavy: 20, office: 10, ocr: 5 };
/** About the time a heavy job takes: when to try again after a cap refused one. */
export const OPEN_JOBS_RETRY_AFTER_SECONDS = 30;

/** The part of the limits the browser is told about (GET /api/v1/tools). */
export function publicLimits(limits: CallerLimits) {
  const { maxFileBytes, maxTotalBytes, maxPages, jobsPerHour, retentionMinutes } = limits;
  return { maxFileBytes, maxTotalBytes, maxPages, jobsPerHour, retentionMinutes };
}
