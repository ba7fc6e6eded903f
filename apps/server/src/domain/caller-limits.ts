import type { Config } from '../config.ts';
import type { PoolId } from './tool-pools.ts';

const MB = 1024 * 1024;

/** What one caller may send: visitors get the free basic tools, account holders more. */
export interface CallerLimits {
  maxFileBytes: number;
  /** All files of one request together. */
  maxTotalBytes: number;
  /** Pages of each input document (checked by the engine before the work). */
  maxPages: number;
  jobsPerMinute: number;
  /** Inputs and outputs are deleted this long after the job was made. */
  retentionMinutes: number;
  /** Inputs of one batch (one job each). */
  maxBatchInputs: number;
  /** Jobs of the heavy pools (OCR, conversions, …) the caller may have queued or running at once. */
  maxOpenHeavyJobs: number;
}

export function callerLimits(config: Pick<Config, 'VISITOR_RETENTION_MINUTES' | 'ACCOUNT_RETENTION_HOURS'>, account: boolean): CallerLimits {
  return account
    ? {
        maxFileBytes: 50 * MB,
        maxTotalBytes: 250 * MB,
        maxPages: 500,
        jobsPerMinute: 60,
        retentionMinutes: config.ACCOUNT_RETENTION_HOURS * 60,
        maxBatchInputs: 100,
        // A whole batch may wait at once.
        maxOpenHeavyJobs: ACCOUNT_OPEN_HEAVY_JOBS,
      }
    : {
        maxFileBytes: 10 * MB,
        maxTotalBytes: 50 * MB,
        maxPages: 50,
        jobsPerMinute: 10,
        retentionMinutes: config.VISITOR_RETENTION_MINUTES,
        maxBatchInputs: 0,
        maxOpenHeavyJobs: VISITOR_OPEN_HEAVY_JOBS,
      };
}

/**
 * Caps on heavy work waiting or running, counted in the database so they hold across API processes.
 * Without them visitors could queue OCR from many addresses faster than the workers drain it.
 */
export const ACCOUNT_OPEN_HEAVY_JOBS = 100;
export const VISITOR_OPEN_HEAVY_JOBS = 2;
/** Visitor sessions are free to make: one address gets a few sessions' worth (an office behind one IP). */
export const VISITOR_OPEN_HEAVY_JOBS_PER_IP = 4;
/** Every visitor's jobs of one heavy pool together, leaving the rest of the queue to account holders. */
export const VISITOR_OPEN_JOBS_PER_POOL: Record<Exclude<PoolId, 'light'>, number> = { heavy: 20, office: 10, ocr: 5 };
/** About the time a heavy job takes: when to try again after a cap refused one. */
export const OPEN_JOBS_RETRY_AFTER_SECONDS = 30;

/** The part of the limits the browser is told about (GET /api/v1/tools). */
export function publicLimits(limits: CallerLimits) {
  const { maxFileBytes, maxTotalBytes, maxPages, jobsPerMinute, retentionMinutes } = limits;
  return { maxFileBytes, maxTotalBytes, maxPages, jobsPerMinute, retentionMinutes };
}
