import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaxInvoice } from '@wattle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamOwner, userOwner } from '../../domain/owner.ts';
import { ORPHAN_SAFE_AGE_MS, sweepOrphanBlobs } from '../../services/orphan-blobs.ts';
import { issueTaxInvoice, type PaidInvoice } from '../../services/tax-invoices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createTeam, joinTeam, type Person } from '../../test/teams.ts';
import { signedInUser } from '../../test/users.ts';

/** Tax invoices as the ATO asks for them, issued from paid payments and read back through the real routes and poppler. */

let ctx: TestContext;
let buyer: Person;
let stranger: Person;
const scratch = mkdtempSync(join(tmpdir(), 'wattle-invoices-'));

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ENABLED: 'false' });
  buyer = await signedInUser(ctx, { name: 'Ngaio Buyer' });
  stranger = await signedInUser(ctx, { name: 'Sam Stranger' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

const pro = (stripeInvoiceId: string, owner = userOwner(buyer.user.id)): PaidInvoice => ({
  owner,
  stripeInvoiceId,
  paidAt: new Date('2026-12-01T14:30:00Z'),
  lines: [{ description: 'Wattle PDF Pro, monthly', quantity: 1, unitCents: 1200, amountCents: 1200 }],
});

/** What a reader (and pdftotext) sees on the invoice PDF. */
function pdfText(bytes: Buffer): string {
  const path = join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

async function download(person: Person, invoice: TaxInvoice): Promise<Buffer> {
  const res = await person.client.request(invoice.pdfUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

async function invoicesOf(person: Person): Promise<TaxInvoice[]> {
  const res = await person.client.request('/api/billing/invoices');
  expect(res.status).toBe(200);
  return ((await res.json()) as { invoices: TaxInvoice[] }).invoices;
}

describe('billing details', () => {
  it('checks the ABN with the ATO modulus 89 and keeps the rest as given', async () => {
    const put = (json: unknown) => buyer.client.request('/api/billing/details', { method: 'PUT', json });
    const bad = await put({ businessName: 'Harbour Legal', abn: '51 824 753 557', address: null, invoiceEmail: null });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { fieldErrors: { abn: ['Please enter a valid ABN (11 digits)'] } } } });

    const saved = await put({ businessName: ' Smith & *Sons* | [click](https://evil.example) ', abn: '51 824 753 556', address: 'Level 2, 10 Smith St\nParramatta NSW 2150', invoiceEmail: 'accounts@smith.example.com.au' });
    expect(saved.status).toBe(200);
    expect(await (await buyer.client.request('/api/billing/details')).json()).toEqual({
      businessName: 'Smith & *Sons* | [click](https://evil.example)',
      abn: '51824753556',
      address: 'Level 2, 10 Smith St\nParramatta NSW 2150',
      invoiceEmail: 'accounts@smith.example.com.au',
    });
    // Another person's details are their own.
    expect(await (await stranger.client.request('/api/billing/details')).json()).toEqual({ businessName: null, abn: null, address: null, invoiceEmail: null });
    expect((await ctx.client().request('/api/billing/details')).status).toBe(401);
  });
});

describe('tax invoices', () => {
  it('issues one invoice a payment, with the words, both ABNs, the lines and one eleventh as GST, and mails it attached', async () => {
    const first = await issueTaxInvoice(ctx.container, pro('in_pro_1'));
    // The same payment delivered again issues nothing new.
    const again = await issueTaxInvoice(ctx.container, pro('in_pro_1'));
    expect(again.id).toBe(first.id);

    const [invoice, ...others] = await invoicesOf(buyer);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ id: first.id, number: `INV-${String(first.number).padStart(6, '0')}`, totalCents: 1200, gstCents: 109 });
    const pdf = await download(buyer, invoice!);
    expect(pdf.includes('/URI')).toBe(false);
    const text = pdfText(pdf).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Tax invoice');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('2 December 2026'); // 1:30 am in Sydney
    expect(text).toContain('Banksia Digital Consulting Pty Ltd, trading as Wattle PDF');
    expect(text).toContain('ABN 63 615 000 681');
    expect(text).toContain('Ngaio Buyer');
    // A buyer's text is shown as written: no emphasis, table cell or link made of it.
    expect(text).toContain('Smith & *Sons* | [click](https://evil.example)');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Level 2, 10 Smith St Parramatta NSW 2150');
    expect(text).toMatch(/Wattle PDF Pro,? .*1 A\$12\.00 A\$12\.00/);
    expect(text).toMatch(/Total A\$12\.00/);
    if (process.env.INVOICE_SAMPLE) writeFileSync(process.env.INVOICE_SAMPLE, await download(buyer, invoice!));
    expect(text).toContain('Total price includes GST of A$1.09');

    const mails = await ctx.mails('accounts@smith.example.com.au');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Wattle PDF tax invoice ${invoice!.number}`);
    const [attached] = mails[0]!.attachments!;
    expect(attached).toMatchObject({ filename: `${invoice!.number}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(Buffer.from(attached!.base64, 'base64'))).toContain(invoice!.number);
  });

  it('numbers invoices one after another and rounds GST to the cent for seats', async () => {
    const before = await issueTaxInvoice(ctx.container, pro('in_pro_2'));
    const seats = await issueTaxInvoice(ctx.container, {
      ...pro('in_business_1'),
      lines: [{ description: 'Wattle PDF Business, monthly, per seat', quantity: 3, unitCents: 1800, amountCents: 5400 }],
    });
    expect(seats.number).toBe(before.number + 1);
    expect(seats).toMatchObject({ totalCents: 5400, gstCents: 491 }); // 54.00 / 11 = 4.909…
    const [latest] = await invoicesOf(buyer);
    expect(pdfText(await download(buyer, latest!))).toContain('Total price includes GST of A$4.91');
  });

  it('keeps each space to its own invoices: others get none and cannot download one', async () => {
    const [invoice] = await invoicesOf(buyer);
    expect(await invoicesOf(stranger)).toEqual([]);
    expect((await stranger.client.request(invoice!.pdfUrl)).status).toBe(404);
    expect((await ctx.client().request(invoice!.pdfUrl)).status).toBe(401);
    expect((await buyer.client.request('/api/billing/invoices/not-an-id/pdf')).status).toBe(404);
  });

  it("issues a team's invoice in the team's name, shown to its owner and admins only, not in anyone's own space", async () => {
    const owner = await signedInUser(ctx, { name: 'Olive Owner' });
    const teamId = await createTeam(owner, 'Harbour Legal');
    const member = await joinTeam(ctx, owner, teamId, 'member');
    const issued = await issueTaxInvoice(ctx.container, { ...pro('in_team_1', teamOwner(teamId, owner.user.id, 'owner')), lines: [{ description: 'Wattle PDF Business, monthly, per seat', quantity: 2, unitCents: 1800, amountCents: 3600 }] });

    const [invoice] = await invoicesOf(owner);
    expect(invoice!.id).toBe(issued.id);
    expect(pdfText(await download(owner, invoice!))).toContain('Harbour Legal');
    expect((await member.client.request('/api/billing/invoices')).status).toBe(403);
    // The owner's personal space has no team invoices.
    await owner.client.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: null } });
    expect(await invoicesOf(owner)).toEqual([]);
  });

  it('keeps invoice files from the orphan sweep', async () => {
    const [invoice] = await invoicesOf(buyer);
    const clock = ctx.container.clock;
    ctx.container.clock = { now: () => new Date(Date.now() + ORPHAN_SAFE_AGE_MS + 60_000) };
    try {
      await sweepOrphanBlobs(ctx.container);
    } finally {
      ctx.container.clock = clock;
    }
    expect((await download(buyer, invoice!)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
