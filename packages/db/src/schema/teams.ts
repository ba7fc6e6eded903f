import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Teams: better-auth's organization plugin tables under its model names (organization, member,
 * invitation), plus our own per-team storage and activity log. A team's rows elsewhere carry
 * `team_id` (this organization's id) and go with it.
 */
export const organization = pgTable('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const member = pgTable(
  'member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on by the member's requests in the team space, at most once a minute. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('member_organization_user_idx').on(t.organizationId, t.userId), index('member_user_idx').on(t.userId)],
);

export const invitation = pgTable(
  'invitation',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('pending'),
    teamId: text('team_id'),
    inviterId: text('inviter_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_organization_idx').on(t.organizationId), index('invitation_email_idx').on(t.email)],
);

/** A team's stored bytes: its documents count here, not against the member who uploaded them. */
export const teamStorage = pgTable(
  'team_storage',
  {
    teamId: text('team_id').primaryKey().references(() => organization.id, { onDelete: 'cascade' }),
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    storageLimit: bigint('storage_limit', { mode: 'number' }).notNull(),
    /** The team's live documents, kept with storage_used (performance log §124). */
    documentCount: integer('document_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('team_storage_within_limit', sql`${t.storageUsed} >= 0 and ${t.storageUsed} <= ${t.storageLimit}`),
    check('team_document_count_not_negative', sql`${t.documentCount} >= 0`),
  ],
);

/** Who did what in a team, kept 90 days. The actor's name is copied so the entry outlives the member. */
export const teamActivity = pgTable(
  'team_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id').notNull().references(() => organization.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('team_activity_team_created_idx').on(t.teamId, t.createdAt), index('team_activity_created_idx').on(t.createdAt)],
);

/** The team column of a row a team can own (documents, links, keys, webhooks, jobs and their outputs). */
export const teamColumn = () => text('team_id').references(() => organization.id, { onDelete: 'cascade' });
