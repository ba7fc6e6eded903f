import type { TaxInvoiceLine } from '@wattle/db';
import { formatAbn, formatAud, gstIncluded } from '@wattle/shared';

/** What a tax invoice says (ATO: the words "Tax invoice", the seller, its ABN, date, lines and the GST). */
export interface TaxInvoiceContent {
  number: number;
  issuedAt: Date;
  seller: { companyName: string; tradingName: string; abn: string; address: string };
  buyer: { name: string; businessName: string | null; abn: string | null; address: string | null };
  lines: readonly TaxInvoiceLine[];
}

export const invoiceNumber = (number: number) => `INV-${String(number).padStart(6, '0')}`;

/** The invoice's date as it was in Sydney, where we issue it: "2 December 2026". */
export const invoiceDate = (at: Date) => at.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });

export const invoiceTotal = (lines: readonly TaxInvoiceLine[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);

/**
 * Text from people (names, addresses) as Markdown that says exactly that text: every ASCII punctuation
 * mark escaped, so a name can make no link, emphasis, table cell or heading; whitespace runs become one space.
 */
export function literal(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, (mark) => `\\${mark}`);
}

/** Lines of one block, each on its own line (a Markdown hard break between them). */
const block = (lines: (string | null)[]) => lines.filter((line): line is string => !!line).join('  \n');

/** The invoice as Markdown for the text-to-pdf engine (A4, every script in the bundled fonts). */
export function taxInvoiceMarkdown(invoice: TaxInvoiceContent): string {
  const { seller, buyer } = invoice;
  const total = invoiceTotal(invoice.lines);
  const sellerName = seller.tradingName === seller.companyName ? literal(seller.companyName) : `${literal(seller.companyName)}, trading as ${literal(seller.tradingName)}`;
  return [
    '# Tax invoice',
    block([`**${sellerName}**`, `ABN ${formatAbn(seller.abn)}`, literal(seller.address)]),
    ['| Invoice number | ' + invoiceNumber(invoice.number) + ' |', '|---|---|', `| Issue date | ${invoiceDate(invoice.issuedAt)} |`].join('\n'),
    '## Billed to',
    block([literal(buyer.name), buyer.businessName && literal(buyer.businessName), buyer.abn && `ABN ${formatAbn(buyer.abn)}`, buyer.address && literal(buyer.address)]),
    [
      '| Description | Quantity | Unit price | Amount |',
      '|---|---|---|---|',
      ...invoice.lines.map((line) => `| ${literal(line.description)} | ${line.quantity} | ${formatAud(line.unitCents)} | ${formatAud(line.amountCents)} |`),
      `| **Total** | | | **${formatAud(total)}** |`,
    ].join('\n'),
    `**Total price includes GST of ${formatAud(gstIncluded(total))}.**`,
    'Paid by card. Prices are in Australian dollars.',
  ].join('\n\n');
}
