import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { teamColumn } from './teams.ts';

/**
 * Personal API keys (decision 082). Only the SHA-256 of a key finds it; the prefix is kept to tell
 * keys apart in the list. Usage is counted on the row: jobs when submitted, pages when a job succeeds.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    teamId: teamColumn(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    jobsSubmitted: integer('jobs_submitted').notNull().default(0),
    pagesProcessed: bigint('pages_processed', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('api_keys_user_created_idx').on(t.userId, t.createdAt), index('api_keys_team_created_idx').on(t.teamId, t.createdAt)],
);
