import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { pdfFiles } from './app.ts';
import { teamColumn } from './teams.ts';

/**
 * A share link to a stored document. Only the token's hash finds a link; the token itself is kept
 * sealed (AES-256-GCM, key derived from AUTH_SECRET) so its owner can copy the address again.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    teamId: teamColumn(),
    documentId: uuid('document_id').notNull().references(() => pdfFiles.id, { onDelete: 'cascade' }),
    name: text('name'),
    tokenHash: text('token_hash').notNull().unique(),
    tokenSealed: text('token_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxViews: integer('max_views'),
    viewCount: integer('view_count').notNull().default(0),
    passwordHash: text('password_hash'),
    requireEmail: boolean('require_email').notNull().default(false),
    allowList: jsonb('allow_list').$type<string[]>().notNull().default([]),
    blockList: jsonb('block_list').$type<string[]>().notNull().default([]),
    allowDownload: boolean('allow_download').notNull().default(false),
    watermark: boolean('watermark').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (t) => [
    index('share_links_user_created_idx').on(t.userId, t.createdAt),
    index('share_links_team_created_idx').on(t.teamId, t.createdAt),
    index('share_links_document_idx').on(t.documentId),
    check('share_links_max_views_check', sql`${t.maxViews} is null or (${t.maxViews} between 1 and 1000)`),
  ],
);

/** One viewer's session on a link; the email is recorded only once verified. */
export const shareVisits = pgTable(
  'share_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id').notNull().references(() => shareLinks.id, { onDelete: 'cascade' }),
    viewerEmail: text('viewer_email'),
    country: text('country'),
    device: text('device').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    totalMs: integer('total_ms').notNull().default(0),
  },
  (t) => [
    index('share_visits_link_started_idx').on(t.linkId, t.startedAt),
    check('share_visits_device_check', sql`${t.device} in ('desktop', 'tablet', 'phone')`),
  ],
);

/** Time a visit spent on each page. */
export const sharePageTime = pgTable(
  'share_page_time',
  {
    visitId: uuid('visit_id').notNull().references(() => shareVisits.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    ms: integer('ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.page] })],
);

/** A one-time code mailed to a viewer to confirm their email address (only its hash is kept). */
export const shareEmailCodes = pgTable(
  'share_email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id').notNull().references(() => shareLinks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('share_email_codes_link_email_idx').on(t.linkId, t.email)],
);
