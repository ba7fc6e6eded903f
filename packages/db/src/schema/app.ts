import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { teamColumn } from './teams.ts';

/** The spec's section 3 tables. profiles.id is the user's id (one profile per account). */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name'),
    phoneNumber: text('phone_number'),
    email: text('email').notNull(),
    avatarUrl: text('avatar_url'),
    pdfViewerMode: text('pdf_viewer_mode').notNull().default('continuous'),
    pdfExportQuality: text('pdf_export_quality').notNull().default('medium'),
    preferredPageSize: text('preferred_page_size').notNull().default('A4'),
    autoSaveFrequency: integer('auto_save_frequency').notNull().default(0),
    /** Scripts and automatic actions leave every PDF a tool makes (decision 134). */
    removeActiveContent: boolean('remove_active_content').notNull().default(true),
    timeZone: text('time_zone').notNull().default('Australia/Sydney'),
    locale: text('locale').notNull().default('en-AU'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_viewer_mode_check', sql`${t.pdfViewerMode} in ('continuous', 'single')`),
    check('profiles_export_quality_check', sql`${t.pdfExportQuality} in ('low', 'medium', 'high')`),
    check('profiles_page_size_check', sql`${t.preferredPageSize} in ('A4', 'Letter', 'Legal')`),
    check('profiles_auto_save_check', sql`${t.autoSaveFrequency} in (0, 1, 5, 15, 30)`),
  ],
);

export const companyInfo = pgTable('company_info', {
  id: integer('id').primaryKey().default(1),
  companyName: text('company_name').notNull(),
  tradingName: text('trading_name').notNull(),
  abn: text('abn').notNull(),
  address: text('address').notNull(),
  emailSupport: text('email_support').notNull(),
  emailComplaints: text('email_complaints').notNull(),
  emailSales: text('email_sales').notNull(),
}, (t) => [check('company_info_single_row', sql`${t.id} = 1`)]);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

export const usageStatistics = pgTable(
  'usage_statistics',
  {
    userId: text('user_id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
    pdfsProcessed: integer('pdfs_processed').notNull().default(0),
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    storageLimit: bigint('storage_limit', { mode: 'number' }).notNull().default(52428800),
    /** The person's own live documents, kept with storage_used: My Documents' total without counting them (performance log §124). */
    documentCount: integer('document_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('usage_storage_within_limit', sql`${t.storageUsed} >= 0 and ${t.storageUsed} <= ${t.storageLimit}`),
    check('usage_document_count_not_negative', sql`${t.documentCount} >= 0`),
  ],
);

export const pdfFiles = pgTable(
  'pdf_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who uploaded it: the owner, or in a team's document (teamId set) the member. */
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    teamId: teamColumn(),
    filename: text('filename').notNull(),
    /** The name as search compares it, lowered once when written rather than in every search for every row (performance log §109). */
    filenameLower: text('filename_lower').generatedAlwaysAs(sql`lower(filename)`),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    pageCount: integer('page_count'),
    encrypted: boolean('encrypted').notNull().default(false),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The current version: file_path, file_size, page_count and encrypted describe its bytes. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [
    // The list's order, and its exact count by an index-only scan, over the account's live files only.
    // A person's own files are those without a team: in the predicate, so no row is read from the table.
    index('pdf_files_user_uploaded_idx').on(t.userId, t.uploadedAt, t.id).where(sql`not ${t.deleted} and ${t.teamId} is null`),
    index('pdf_files_team_uploaded_idx').on(t.teamId, t.uploadedAt, t.id).where(sql`not ${t.deleted} and ${t.teamId} is not null`),
    // My Documents' other sort orders (name ignoring case, size, pages), read in the index as the date order is.
    index('pdf_files_user_name_idx').on(t.userId, sql`lower(${t.filename})`, t.id).where(sql`not ${t.deleted} and ${t.teamId} is null`),
    index('pdf_files_team_name_idx').on(t.teamId, sql`lower(${t.filename})`, t.id).where(sql`not ${t.deleted} and ${t.teamId} is not null`),
    index('pdf_files_user_size_idx').on(t.userId, t.fileSize, t.id).where(sql`not ${t.deleted} and ${t.teamId} is null`),
    index('pdf_files_team_size_idx').on(t.teamId, t.fileSize, t.id).where(sql`not ${t.deleted} and ${t.teamId} is not null`),
    index('pdf_files_user_pages_idx').on(t.userId, t.pageCount, t.id).where(sql`not ${t.deleted} and ${t.teamId} is null`),
    index('pdf_files_team_pages_idx').on(t.teamId, t.pageCount, t.id).where(sql`not ${t.deleted} and ${t.teamId} is not null`),
    // The sweeper's queue: deleted files whose bytes are still stored.
    index('pdf_files_purge_idx').on(t.deletedAt).where(sql`${t.deleted} and ${t.purgedAt} is null`),
    // Case-insensitive "filename contains" search stays fast for accounts with 100k files.
    index('pdf_files_filename_lower_trgm_idx').using('gin', t.filenameLower.op('gin_trgm_ops')),
  ],
);

/**
 * Every version of a stored document, the first upload included; pdf_files points at the current one.
 * Each version's bytes count against the storage quota until the document is deleted.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    documentId: uuid('document_id').notNull().references(() => pdfFiles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    pageCount: integer('page_count'),
    encrypted: boolean('encrypted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.version] })],
);
