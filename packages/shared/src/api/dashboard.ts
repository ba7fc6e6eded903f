import { z } from 'zod';
import { timestamp } from './components.ts';
import { usageSchema } from './documents.ts';

/** `GET /api/dashboard/summary`: usage and the last 24 hours' activity. */
export const dashboardSummarySchema = usageSchema.extend({
  /** The last 24 hours: uploads, tool jobs and their sum. */
  recent_activity: z.strictObject({
    uploads: z.int().nonnegative(),
    jobs: z.int().nonnegative(),
    total: z.int().nonnegative(),
    since: timestamp(),
  }),
});

export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
