import { formatBytes } from './format.ts';

const MB = 1024 * 1024;

const GB = 1024 * MB;

/**
 * Kinds of user, from the least to the most: a visitor without an account, a Free account, and the two
 * paid plans (limits.test.ts checks no kind gets less than the one before). Enterprise is not a row: it
 * is a contract, sized with sales, and runs on Business's limits until then.
 */
export const PLANS = ['visitor', 'free', 'pro', 'business'] as const;
export type Plan = (typeof PLANS)[number];
/** The plans a person or a team pays for. */
export const PAID_PLANS = ['pro', 'business'] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

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
  /** Signature requests sent in one calendar month (0: none). */
  signatureRequestsPerMonth: number;
  /** Requests one API key may make a minute (0: no API keys). */
  apiRequestsPerMinute: number;
  /** Tool inputs and outputs are deleted this long after the job was made. */
  retentionHours: number;
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
    signatureRequestsPerMonth: 0,
    apiRequestsPerMinute: 0,
    retentionHours: 1,
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
    // A small allowance, so anyone can try sending a document for signature.
    signatureRequestsPerMonth: 3,
    apiRequestsPerMinute: 120,
    retentionHours: 24,
  },
  pro: {
    fileBytes: 100 * MB,
    jobBytes: 500 * MB,
    pages: 4000,
    filesPerJob: 200,
    batchFiles: 500,
    jobsPerHour: 5000,
    heavyJobsAtOnce: 500,
    documentBytes: 100 * MB,
    storageBytes: 20 * GB,
    signatureRequestsPerMonth: 500,
    apiRequestsPerMinute: 600,
    // Longer, still short: the deletion promise holds on every plan.
    retentionHours: 72,
  },
  business: {
    fileBytes: 100 * MB,
    jobBytes: 500 * MB,
    pages: 4000,
    filesPerJob: 200,
    batchFiles: 500,
    jobsPerHour: 5000,
    heavyJobsAtOnce: 500,
    documentBytes: 100 * MB,
    storageBytes: 50 * GB,
    signatureRequestsPerMonth: 1000,
    apiRequestsPerMinute: 1200,
    retentionHours: 72,
  },
};

/** What a plan unlocks beyond its figures. A feature that is false here is marked "Pro" where it appears. */
export interface PlanFeatures {
  /** Email verification, allow and block lists and watermarks on share links (password, expiry and downloads are for everyone). */
  advancedSharing: boolean;
  /** Per-visit analytics of share links (views are counted for everyone). */
  shareAnalytics: boolean;
  /** Creating a team, and the team's storage and seats (Business is billed per seat). */
  teams: boolean;
}

export const PLAN_FEATURES: Readonly<Record<Plan, Readonly<PlanFeatures>>> = {
  visitor: { advancedSharing: false, shareAnalytics: false, teams: false },
  free: { advancedSharing: false, shareAnalytics: false, teams: false },
  pro: { advancedSharing: true, shareAnalytics: true, teams: false },
  business: { advancedSharing: true, shareAnalytics: true, teams: true },
};

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * Prices in Australian cents, GST included (the only figure people see: "A$12 a month, inc. GST").
 * Business is a price per seat (a seat is a member of the team). A year costs ten months.
 */
export const PLAN_PRICES: Readonly<Record<PaidPlan, Readonly<Record<BillingInterval, number>>>> = {
  pro: { month: 1200, year: 12000 },
  business: { month: 1800, year: 18000 },
};

/** The GST inside a GST-inclusive amount: one eleventh, to the cent. */
export const gstIncluded = (cents: number): number => Math.round(cents / 11);

/** A new account's Pro trial: no card, once per person. */
export const TRIAL_DAYS = 14;
/** The trial's reminder mail goes this long before it ends. */
export const TRIAL_REMINDER_DAYS = 3;
/** After a failed payment the plan stays this long (with a banner and a mail), then the account is Free. */
export const PAST_DUE_GRACE_DAYS = 7;

/** A team's storage: its documents count here, not against the member who uploaded them. */
export const TEAM_STORAGE_BYTES = 250 * MB;

export const planOf = (signedIn: boolean): Plan => (signedIn ? 'free' : 'visitor');

export const PLAN_NAMES: Record<Plan, string> = { visitor: 'Without an account', free: 'Free', pro: 'Pro', business: 'Business' };

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
  { label: 'Signature requests a month', key: 'signatureRequestsPerMonth', show: none(count) },
  { label: 'API requests a minute', key: 'apiRequestsPerMinute', show: none(count) },
  { label: 'Files kept after a tool runs', key: 'retentionHours', show: (n) => (n === 1 ? '1 hour' : `${count(n)} hours`) },
];
