import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { organization } from './teams.ts';

/**
 * The plan a person or a team is on, as Stripe's signed events (or the trial at sign-up) last set it.
 * One row a billing owner: a person (Pro) or a team (Business, one seat a member). No row: Free.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    teamId: text('team_id').references(() => organization.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    /** Null while a trial runs without a card. */
    interval: text('interval'),
    status: text('status').notNull(),
    seats: integer('seats').notNull().default(1),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When a payment first failed; the plan holds for the grace days after it. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The `created` time of the Stripe event that last set this row: an older event arriving late changes nothing. */
    stripeEventAt: timestamp('stripe_event_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_one_owner', sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    check('subscriptions_plan_check', sql`${t.plan} in ('pro', 'business')`),
    check('subscriptions_status_check', sql`${t.status} in ('trialing', 'active', 'past_due', 'canceled')`),
    check('subscriptions_interval_check', sql`${t.interval} is null or ${t.interval} in ('month', 'year')`),
    uniqueIndex('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_team_idx').on(t.teamId),
    uniqueIndex('subscriptions_stripe_subscription_idx').on(t.stripeSubscriptionId),
    index('subscriptions_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

/** Stripe event ids already applied: each event changes state once, however often it is delivered. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
