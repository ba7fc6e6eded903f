import { formatBytes } from './format.ts';

const MB = 1024 * 1024;

/**
 * Kinds of user, from the least to the most: a visitor without an account and a free account now,
 * paid plans later (add them after 'free'; limits.test.ts checks no kind gets less than the one before).
 */
export const PLANS = ['visitor', 'free'] as const;
export type Plan = (typeof PLANS)[number];

/** What one kind of user may do. The server enforces these; the screens, pricing page and API document show them. */
export interface PlanLimits {
  /** Each file a tool takes. */
  fileBytes: number;
  /** All files of one job (or one batch) together. */
  jobBytes: number;
  /** Pages of each input document. */
  pages: number;
  /** Files one job may take (a tool may take fewer: merge takes 200). */
  filesPerJob: number;
  /** Files of one batch, one job each (0: no batches). */
  batchFiles: number;
  /** Jobs started in one hour (a batch counts each of its jobs). */
  jobsPerHour: number;
  /** Heavy jobs (OCR, conversions, …) waiting or running at once. */
  heavyJobsAtOnce: number;
  /** Each PDF kept in My Documents (0: no My Documents). */
  documentBytes: number;
  /** My Documents' storage. */
  storageBytes: number;
}

/** The one table of limits: change a figure here and the server, every screen and the API document follow. */
export const PLAN_LIMITS: Readonly<Record<Plan, Readonly<PlanLimits>>> = {
  visitor: {
    fileBytes: 10 * MB,
    jobBytes: 50 * MB,
    pages: 50,
    filesPerJob: 100,
    batchFiles: 0,
    jobsPerHour: 100,
    heavyJobsAtOnce: 2,
    documentBytes: 0,
    storageBytes: 0,
  },
  free: {
    fileBytes: 50 * MB,
    jobBytes: 250 * MB,
    // Merge and split run as one qpdf process: 2,000 pages or 200 files take seconds (performance log §097).
    pages: 2000,
    filesPerJob: 200,
    batchFiles: 100,
    // A whole batch fits in an hour, many times over.
    jobsPerHour: 1000,
    // A whole batch may wait at once.
    heavyJobsAtOnce: 100,
    // Spec section 9: PDFs up to 5 MB, 50 MB of storage.
    documentBytes: 5 * MB,
    storageBytes: 50 * MB,
  },
};

/** A team's storage: its documents count here, not against the member who uploaded them. */
export const TEAM_STORAGE_BYTES = 250 * MB;

export const planOf = (signedIn: boolean): Plan => (signedIn ? 'free' : 'visitor');

export const PLAN_NAMES: Record<Plan, string> = { visitor: 'Without an account', free: 'Free account' };

const none = (figure: (n: number) => string) => (n: number) => (n === 0 ? 'Not available' : figure(n));
const count = (n: number) => n.toLocaleString('en-AU');

/** The table as people read it, in one order and wording for the pricing page, the API page and the API document. */
export const LIMIT_ROWS: readonly { label: string; key: keyof PlanLimits; show: (n: number) => string }[] = [
  { label: 'Each file', key: 'fileBytes', show: formatBytes },
  { label: 'All files of one job', key: 'jobBytes', show: formatBytes },
  { label: 'Pages in each document', key: 'pages', show: count },
  { label: 'Files in one job', key: 'filesPerJob', show: count },
  { label: 'Files in one batch', key: 'batchFiles', show: none(count) },
  { label: 'Jobs an hour', key: 'jobsPerHour', show: count },
  { label: 'OCR and conversions waiting at once', key: 'heavyJobsAtOnce', show: count },
  { label: 'Each PDF in My Documents', key: 'documentBytes', show: none(formatBytes) },
  { label: 'My Documents storage', key: 'storageBytes', show: none(formatBytes) },
];
