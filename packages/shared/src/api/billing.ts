import { z } from 'zod';
import { BILLING_INTERVALS, PLANS, type PlanLimits } from '../limits.ts';
import { timestamp } from './components.ts';

/** Where a person's or a team's plan stands; `none` is Free with nothing billed. */
export const BILLING_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'none'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

const limitsShape = {
  fileBytes: z.int().nonnegative(),
  jobBytes: z.int().nonnegative(),
  pages: z.int().nonnegative(),
  filesPerJob: z.int().nonnegative(),
  batchFiles: z.int().nonnegative(),
  jobsPerHour: z.int().nonnegative(),
  heavyJobsAtOnce: z.int().nonnegative(),
  documentBytes: z.int().nonnegative(),
  storageBytes: z.int().nonnegative(),
  signatureRequestsPerMonth: z.int().nonnegative(),
  apiRequestsPerMinute: z.int().nonnegative(),
  retentionHours: z.int().nonnegative(),
} satisfies Record<keyof PlanLimits, z.ZodType>;

/** `GET /api/billing` (and `/api/v1/billing`): the plan that applies now, its limits and what is used of them. */
export const billingSummarySchema = z.strictObject({
  plan: z.enum(PLANS.filter((plan) => plan !== 'visitor') as ['free', 'pro', 'business']),
  status: z.enum(BILLING_STATUSES),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  trialEndsAt: timestamp().nullable(),
  currentPeriodEnd: timestamp().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  limits: z.strictObject(limitsShape),
  usage: z.strictObject({
    storageBytes: z.int().nonnegative(),
    signatureRequestsThisMonth: z.int().nonnegative(),
    jobsThisHour: z.int().nonnegative(),
  }),
});

export type BillingSummary = z.infer<typeof billingSummarySchema>;
