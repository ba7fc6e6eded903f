import type { Config } from '../config.ts';

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
      }
    : {
        maxFileBytes: 10 * MB,
        maxTotalBytes: 50 * MB,
        maxPages: 50,
        jobsPerMinute: 10,
        retentionMinutes: config.VISITOR_RETENTION_MINUTES,
        maxBatchInputs: 0,
      };
}

/** The part of the limits the browser is told about (GET /api/v1/tools). */
export function publicLimits(limits: CallerLimits) {
  const { maxFileBytes, maxTotalBytes, maxPages, jobsPerMinute, retentionMinutes } = limits;
  return { maxFileBytes, maxTotalBytes, maxPages, jobsPerMinute, retentionMinutes };
}
