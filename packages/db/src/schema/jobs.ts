import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.ts';
import { user } from './auth.ts';
import { teamColumn } from './teams.ts';

/**
 * The PDF tools' jobs. A job belongs to an account (userId) or to a visitor's anonymous session
 * (visitorSessionId), never both; every read is scoped by one of them. Rows and their blobs are
 * removed by the sweeper once expiresAt has passed.
 */

/** Anonymous sessions of visitors: only the SHA-256 of the cookie's token is stored. */
export const visitorSessions = pgTable(
  'visitor_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('visitor_sessions_last_seen_idx').on(t.lastSeenAt)],
);

/** A team's row also names the member who made it (userId); see repositories/owned-by.ts. */
const owner = {
  userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
  teamId: teamColumn(),
  visitorSessionId: uuid('visitor_session_id').references(() => visitorSessions.id, { onDelete: 'cascade' }),
};
const ownerCheck = (name: string, t: { userId: unknown; visitorSessionId: unknown }) =>
  check(name, sql`(${t.userId} is null) <> (${t.visitorSessionId} is null)`);

export const jobBatches = pgTable(
  'job_batches',
  {
    id: uuid('id').primaryKey(),
    ...owner,
    tool: text('tool').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once, by whichever job finished the batch last (the notification is sent once). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    ownerCheck('job_batches_one_owner', t),
    index('job_batches_user_idx').on(t.userId, t.createdAt),
    index('job_batches_team_idx').on(t.teamId, t.createdAt),
    index('job_batches_expires_idx').on(t.expiresAt),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    ...owner,
    batchId: uuid('batch_id').references(() => jobBatches.id, { onDelete: 'cascade' }),
    /** Order within the batch (the order the inputs were sent in). */
    batchPosition: integer('batch_position'),
    tool: text('tool').notNull(),
    options: jsonb('options').notNull(),
    /** The worker pool (queue) the job runs in: light, heavy, office or ocr. */
    pool: text('pool').notNull(),
    /** A visitor's IP, for the per-address cap on open jobs (one IP, many cookies); gone with the row. */
    visitorIp: text('visitor_ip'),
    /** The API key that submitted the job (its usage count); gone when the key is deleted. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Attempts started; a retry after a crash or a timeout bumps it. */
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** A refused option's fields (VALIDATION_FAILED from the engine), bounded when stored. */
    errorDetails: jsonb('error_details').$type<{ fieldErrors: Record<string, string[]> }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    ownerCheck('jobs_one_owner', t),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
    check('jobs_progress_check', sql`${t.progress} between 0 and 100`),
    index('jobs_user_idx').on(t.userId, t.createdAt),
    index('jobs_team_idx').on(t.teamId, t.createdAt),
    index('jobs_visitor_idx').on(t.visitorSessionId, t.createdAt),
    index('jobs_batch_idx').on(t.batchId),
    index('jobs_pool_status_idx').on(t.pool, t.status),
    index('jobs_open_visitor_ip_idx').on(t.visitorIp).where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_expires_idx').on(t.expiresAt),
  ],
);

export const jobInputs = pgTable(
  'job_inputs',
  {
    jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    /** The bytes: the job's own upload (jobs/{jobId}/input-N), or a stored document's key. */
    blobKey: text('blob_key').notNull(),
    /** Set when the input is one of the account's documents: its blob is not the job's to delete. */
    documentId: uuid('document_id'),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.position] })],
);

export const jobOutputs = pgTable(
  'job_outputs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    ...owner,
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    /** jobs/{jobId}/{position}-{name}: a retried attempt overwrites, never adds. */
    blobKey: text('blob_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    pages: integer('pages'),
    /** What the user should know about a result that succeeded (the engine's notes, e.g. no longer PDF/A). */
    notes: jsonb('notes').$type<{ code: string; message: string }[]>().notNull().default([]),
    savedDocumentId: uuid('saved_document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    ownerCheck('job_outputs_one_owner', t),
    // One output set per job, whatever retries happen.
    uniqueIndex('job_outputs_job_position_idx').on(t.jobId, t.position),
    index('job_outputs_user_idx').on(t.userId, t.createdAt),
    index('job_outputs_team_idx').on(t.teamId, t.createdAt),
    index('job_outputs_visitor_idx').on(t.visitorSessionId, t.createdAt),
  ],
);
