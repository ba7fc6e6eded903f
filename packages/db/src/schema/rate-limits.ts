import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters every process shares: auth's per-IP and per-account limits and one-time link
 * claims, job submissions, document uploads and support tickets. A key names its own window length.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** When the current window ends: the next hit after it starts a new window, and the sweeper may remove it. */
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
