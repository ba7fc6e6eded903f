import { desc, eq, inArray, sql } from 'drizzle-orm';
import { billingDetails, taxInvoices, type Database } from '@wattle/db';
import type { BillingDetails } from '@wattle/shared';
import type { AccountOwner } from '../domain/owner.ts';
import { accountColumns, ownedByAccount } from './owned-by.ts';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;
export type NewTaxInvoice = Omit<typeof taxInvoices.$inferInsert, 'userId' | 'teamId'> & { id: string; number: number };

/** The billing owner's details row: a person's own, or the team's alone (never the member who wrote them). */
const detailsOwner = (owner: AccountOwner) => (owner.kind === 'team' ? { userId: null, teamId: owner.teamId } : { userId: owner.userId, teamId: null });
const detailsOf = (owner: AccountOwner) => (owner.kind === 'team' ? eq(billingDetails.teamId, owner.teamId) : eq(billingDetails.userId, owner.userId));

export async function findBillingDetails(db: Database, owner: AccountOwner): Promise<BillingDetails | undefined> {
  const [row] = await db
    .select({ businessName: billingDetails.businessName, abn: billingDetails.abn, address: billingDetails.address, invoiceEmail: billingDetails.invoiceEmail })
    .from(billingDetails)
    .where(detailsOf(owner));
  return row;
}

export async function upsertBillingDetails(db: Database, owner: AccountOwner, details: BillingDetails, now: Date): Promise<void> {
  const set = { ...details, updatedAt: now };
  await db
    .insert(billingDetails)
    .values({ ...detailsOwner(owner), ...set })
    .onConflictDoUpdate({ target: owner.kind === 'team' ? billingDetails.teamId : billingDetails.userId, set });
}

/** The next invoice number, taken before its PDF is made; a number is never given twice (a failed issue leaves a gap). */
export async function takeInvoiceNumber(db: Database): Promise<number> {
  const result = (await db.execute(sql`select nextval(pg_get_serial_sequence('tax_invoices', 'number'))::int as n`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

/** Inserts the invoice unless this payment already has one; answers the payment's invoice either way, and whether it is this one. */
export async function insertTaxInvoice(db: Database, owner: AccountOwner, invoice: NewTaxInvoice): Promise<{ row: TaxInvoiceRow; inserted: boolean }> {
  const [inserted] = await db
    .insert(taxInvoices)
    .values({ ...accountColumns(owner), ...invoice })
    .onConflictDoNothing({ target: taxInvoices.stripeInvoiceId })
    .returning();
  if (inserted) return { row: inserted, inserted: true };
  return { row: (await findTaxInvoiceForPayment(db, invoice.stripeInvoiceId))!, inserted: false };
}

export async function findTaxInvoiceForPayment(db: Database, stripeInvoiceId: string): Promise<TaxInvoiceRow | undefined> {
  const [row] = await db.select().from(taxInvoices).where(eq(taxInvoices.stripeInvoiceId, stripeInvoiceId));
  return row;
}

/** The owner's invoices, newest first. A person's own are theirs in their personal space; a team's are the team's. */
export async function listTaxInvoices(db: Database, owner: AccountOwner, limit: number): Promise<TaxInvoiceRow[]> {
  return db.select().from(taxInvoices).where(ownedByAccount(taxInvoices, owner)).orderBy(desc(taxInvoices.number)).limit(limit);
}

export async function findTaxInvoice(db: Database, owner: AccountOwner, id: string): Promise<TaxInvoiceRow | undefined> {
  const [row] = await db.select().from(taxInvoices).where(sql`${taxInvoices.id} = ${id} and ${ownedByAccount(taxInvoices, owner)}`);
  return row;
}

/** Of these blob keys, those an invoice keeps (the orphan sweep leaves them). */
export async function findInvoiceKeys(db: Database, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  return (await db.select({ key: taxInvoices.fileKey }).from(taxInvoices).where(inArray(taxInvoices.fileKey, keys))).map((row) => row.key);
}
