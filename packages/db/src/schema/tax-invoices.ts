import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { organization } from './teams.ts';

/** What a tax invoice's buyer asked to be shown: a person's own (user_id), or a team's (team_id), kept by its owner and admins. */
export const billingDetails = pgTable(
  'billing_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    teamId: text('team_id').references(() => organization.id, { onDelete: 'cascade' }),
    businessName: text('business_name'),
    abn: text('abn'),
    address: text('address'),
    invoiceEmail: text('invoice_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_details_one_owner', sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    uniqueIndex('billing_details_user_idx').on(t.userId),
    uniqueIndex('billing_details_team_idx').on(t.teamId),
  ],
);

export interface TaxInvoiceLine {
  description: string;
  quantity: number;
  /** Australian cents, GST included. */
  unitCents: number;
  amountCents: number;
}

/**
 * Our tax invoices, one for each paid Stripe invoice. A tax record: the buyer's details are copied in
 * when it is issued, and the row outlives the account (user and team become null), as the ATO asks
 * records to be kept for five years (decision 153).
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Sequential across all invoices ("INV-000042"), taken from the sequence before the PDF is made. */
    number: integer('number').notNull().generatedByDefaultAsIdentity(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    teamId: text('team_id').references(() => organization.id, { onDelete: 'set null' }),
    /** The paid invoice it records; a second delivery of the same payment issues nothing. */
    stripeInvoiceId: text('stripe_invoice_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerBusinessName: text('buyer_business_name'),
    buyerAbn: text('buyer_abn'),
    buyerAddress: text('buyer_address'),
    lines: jsonb('lines').$type<TaxInvoiceLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    /** The PDF in the blob store (sealed like every kept file). */
    fileKey: text('file_key').notNull(),
  },
  (t) => [
    uniqueIndex('tax_invoices_number_idx').on(t.number),
    uniqueIndex('tax_invoices_stripe_invoice_idx').on(t.stripeInvoiceId),
    index('tax_invoices_user_idx').on(t.userId),
    index('tax_invoices_team_idx').on(t.teamId),
    check('tax_invoices_gst_within_total', sql`${t.gstCents} >= 0 and ${t.gstCents} <= ${t.totalCents}`),
  ],
);
