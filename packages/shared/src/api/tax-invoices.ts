import { z } from 'zod';
import { isValidAbn } from '../abn.ts';
import { timestamp } from './components.ts';

/** Tax invoices (`/api/billing/invoices`) and the buyer's details printed on them (`/api/billing/details`). */

export const BUSINESS_NAME_MAX = 200;
export const BILLING_ADDRESS_MAX = 500;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => value || null)
    .nullable();

/** What a buyer may change; every field may be left empty. The ABN is checked with the ATO's modulus 89. */
export const billingDetailsInputSchema = z.strictObject({
  businessName: optionalText(BUSINESS_NAME_MAX, `Business name must be at most ${BUSINESS_NAME_MAX} characters`),
  abn: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || isValidAbn(value), 'Please enter a valid ABN (11 digits)')
    .transform((value) => value || null)
    .nullable(),
  address: optionalText(BILLING_ADDRESS_MAX, `Address must be at most ${BILLING_ADDRESS_MAX} characters`),
  invoiceEmail: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Please enter a valid email address')
    .transform((value) => value || null)
    .nullable(),
});

export type BillingDetailsInput = z.input<typeof billingDetailsInputSchema>;

export const billingDetailsSchema = z.strictObject({
  businessName: z.string().nullable(),
  abn: z.string().nullable(),
  address: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
});

export type BillingDetails = z.infer<typeof billingDetailsSchema>;

export const taxInvoiceSchema = z.strictObject({
  id: z.uuid(),
  /** "INV-000042". */
  number: z.string(),
  issuedAt: timestamp(),
  totalCents: z.int().nonnegative(),
  gstCents: z.int().nonnegative(),
  /** Where the PDF downloads from (same session). */
  pdfUrl: z.string(),
});

export type TaxInvoice = z.infer<typeof taxInvoiceSchema>;

export const taxInvoiceListSchema = z.strictObject({ invoices: z.array(taxInvoiceSchema) });
