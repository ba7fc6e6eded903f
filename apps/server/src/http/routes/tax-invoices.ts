import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { AppError, billingDetailsInputSchema, isUuid } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { billingDetails, listInvoices, openInvoicePdf, saveBillingDetails } from '../../services/tax-invoices.ts';
import { attachment } from '../content-disposition.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';
import type { AppEnv } from '../types.ts';
import { readJson } from '../validate.ts';

/** The space's tax invoices and the buyer's details printed on them; in a team, for its owner and admins. */
export function taxInvoiceRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  const billing = [requireAccount, requireTeamAction('billing.manage')] as const;

  app.get('/billing/invoices', ...billing, async (c) => c.json({ invoices: await listInvoices(container, accountOwner(c)) }));

  app.get('/billing/invoices/:id/pdf', ...billing, async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const { filename, body } = await openInvoicePdf(container, accountOwner(c), id);
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', attachment(filename));
    return c.body(Readable.toWeb(body) as ReadableStream);
  });

  app.get('/billing/details', ...billing, async (c) => c.json(await billingDetails(container, accountOwner(c))));

  app.put('/billing/details', ...billing, async (c) => {
    const details = await readJson(c, billingDetailsInputSchema);
    return c.json(await saveBillingDetails(container, accountOwner(c), details));
  });

  return app;
}
