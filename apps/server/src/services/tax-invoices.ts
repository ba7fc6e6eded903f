import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { withJobDir } from '@wattle/pdf-engine';
import { AppError, formatAud, gstIncluded, type BillingDetails, type TaxInvoice } from '@wattle/shared';
import type { TaxInvoiceLine } from '@wattle/db';
import { processWorkDir } from '../data-dir.ts';
import type { AccountOwner } from '../domain/owner.ts';
import { invoiceNumber, invoiceTotal, taxInvoiceMarkdown, type TaxInvoiceContent } from '../domain/tax-invoice.ts';
import { taxInvoiceMail } from '../mail/templates.ts';
import type { Ports } from '../ports.ts';
import { findTeam } from '../repositories/teams.ts';
import {
  findBillingDetails,
  findTaxInvoice,
  findTaxInvoiceForPayment,
  insertTaxInvoice,
  listTaxInvoices,
  takeInvoiceNumber,
  upsertBillingDetails,
  type TaxInvoiceRow,
} from '../repositories/tax-invoices.ts';
import { findUserContact } from '../repositories/users.ts';
import { companyRecord } from './company-info.ts';

/** A payment Stripe reported as paid, as the webhook hands it over. */
export interface PaidInvoice {
  /** Who paid: a person for Pro, a team (acted for by its buyer) for Business. */
  owner: AccountOwner;
  stripeInvoiceId: string;
  paidAt: Date;
  lines: TaxInvoiceLine[];
}

const INVOICES_LISTED = 100;
const NO_DETAILS: BillingDetails = { businessName: null, abn: null, address: null, invoiceEmail: null };

export const invoiceKey = (id: string) => `invoices/${id}.pdf`;

type IssuePorts = Pick<Ports, 'config' | 'dataDir' | 'db' | 'blobStore' | 'executor' | 'mailer' | 'logger'>;

/**
 * Issues the tax invoice of one paid Stripe invoice, once however often the payment is reported: the
 * next number, the buyer's details as they are now, a PDF made by the text-to-pdf engine (A4), stored
 * sealed, then mailed with the PDF attached to the invoice address (else the buyer's).
 */
export async function issueTaxInvoice(container: IssuePorts, paid: PaidInvoice): Promise<TaxInvoiceRow> {
  const issued = await findTaxInvoiceForPayment(container.db, paid.stripeInvoiceId);
  if (issued) return issued;
  const [company, details, buyer] = await Promise.all([companyRecord(container), billingDetails(container, paid.owner), buyerOf(container, paid.owner)]);
  const number = await takeInvoiceNumber(container.db);
  const content: TaxInvoiceContent = {
    number,
    issuedAt: paid.paidAt,
    seller: company,
    buyer: { name: buyer.name, businessName: details.businessName, abn: details.abn, address: details.address },
    lines: paid.lines,
  };
  const id = crypto.randomUUID();
  const pdf = await renderInvoice(container, content);
  await container.blobStore.put(invoiceKey(id), pdf);
  const total = invoiceTotal(paid.lines);
  const { row, inserted } = await insertTaxInvoice(container.db, paid.owner, {
    id,
    number,
    stripeInvoiceId: paid.stripeInvoiceId,
    issuedAt: paid.paidAt,
    buyerName: buyer.name,
    buyerBusinessName: details.businessName,
    buyerAbn: details.abn,
    buyerAddress: details.address,
    lines: paid.lines,
    totalCents: total,
    gstCents: gstIncluded(total),
    fileKey: invoiceKey(id),
  });
  // Another delivery of the same payment won the race: its invoice stands, this one's number stays unused.
  if (!inserted) {
    await container.blobStore.delete(invoiceKey(id));
    return row;
  }
  const brand = { tradingName: company.tradingName, abn: company.abn, address: company.address, publicUrl: container.config.publicUrl };
  await container.mailer.send({
    to: details.invoiceEmail ?? buyer.email,
    ...taxInvoiceMail(brand, { name: buyer.name, number: invoiceNumber(number), total: formatAud(total), url: `${container.config.publicUrl}/dashboard/billing` }),
    attachments: [{ filename: `${invoiceNumber(number)}.pdf`, contentType: 'application/pdf', content: pdf }],
  });
  return row;
}

async function renderInvoice(container: Pick<Ports, 'dataDir' | 'executor'>, content: TaxInvoiceContent): Promise<Buffer> {
  return withJobDir(processWorkDir(container.dataDir), async (dir) => {
    const source = join(dir, 'invoice.md');
    await writeFile(source, taxInvoiceMarkdown(content), { mode: 0o600 });
    const [output] = await container.executor.run(
      { tool: 'text-to-pdf', inputs: [{ path: source, filename: `${invoiceNumber(content.number)}.md` }], options: { format: 'markdown', pageSize: 'A4' }, workDir: dir, outputDir: dir },
      {},
    );
    return readFile(output!.path);
  });
}

/** The name on the invoice and where it is mailed: the person, or for a team the team's name and its buyer's address. */
async function buyerOf(container: Pick<Ports, 'db'>, owner: AccountOwner): Promise<{ name: string; email: string }> {
  const contact = await findUserContact(container.db, owner.userId);
  if (!contact) throw new AppError('NOT_FOUND');
  if (owner.kind === 'user') return contact;
  const team = await findTeam(container.db, owner.teamId);
  return { name: team?.name ?? contact.name, email: contact.email };
}

export async function billingDetails(container: Pick<Ports, 'db'>, owner: AccountOwner): Promise<BillingDetails> {
  return (await findBillingDetails(container.db, owner)) ?? NO_DETAILS;
}

export async function saveBillingDetails(container: Pick<Ports, 'db' | 'clock'>, owner: AccountOwner, details: BillingDetails): Promise<BillingDetails> {
  await upsertBillingDetails(container.db, owner, details, container.clock.now());
  return details;
}

export const taxInvoiceView = (row: TaxInvoiceRow): TaxInvoice => ({
  id: row.id,
  number: invoiceNumber(row.number),
  issuedAt: row.issuedAt.toISOString(),
  totalCents: row.totalCents,
  gstCents: row.gstCents,
  pdfUrl: `/api/billing/invoices/${row.id}/pdf`,
});

export async function listInvoices(container: Pick<Ports, 'db'>, owner: AccountOwner): Promise<TaxInvoice[]> {
  return (await listTaxInvoices(container.db, owner, INVOICES_LISTED)).map(taxInvoiceView);
}

export async function openInvoicePdf(container: Pick<Ports, 'db' | 'blobStore'>, owner: AccountOwner, id: string): Promise<{ filename: string; body: Readable }> {
  const row = await findTaxInvoice(container.db, owner, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { filename: `${invoiceNumber(row.number)}.pdf`, body: await container.blobStore.get(row.fileKey) };
}
