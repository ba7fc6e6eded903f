import { z } from 'zod';

const componentState = z.enum(['up', 'down']);

const binaryStatus = z.strictObject({ available: z.boolean(), version: z.string().optional() });

/** What the engines found on this machine: each native binary, and whether converters run without network. */
export const engineReportSchema = z.strictObject({
  qpdf: binaryStatus,
  pdftoppm: binaryStatus,
  pdftotext: binaryStatus,
  tesseract: binaryStatus.extend({ languages: z.array(z.string()) }),
  soffice: binaryStatus,
  /** Adobe's tx: compress rewrites Type 1 fonts as CFF (without it they stay as they are). */
  tx: binaryStatus,
  /** python3 with the uno module: LibreOffice can be kept warm (else cold conversions). */
  uno: binaryStatus,
  /** `unshare --net` works here: converters run with no network at all. */
  networkIsolation: z.boolean(),
});

/** `GET /api/health`: 200 when everything is up, 503 with the same body when something is down. */
export const healthSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** The runtime and database kind show a deploy runs what it should (Node 24, PostgreSQL in production). */
  node: z.string(),
  databaseKind: z.string(),
  database: componentState,
  storage: componentState,
  engines: engineReportSchema,
});

export type Health = z.infer<typeof healthSchema>;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'linkedin'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

/** `GET /api/config`: the browser's capabilities, never the environment itself. */
export const appConfigSchema = z.strictObject({
  version: z.string(),
  socialProviders: z.array(z.enum(SOCIAL_PROVIDERS)),
  devMail: z.boolean(),
});

export type AppConfig = z.infer<typeof appConfigSchema>;

/** `GET /api/company-info`: the single company_info row (spec section 3). */
export const companyInfoSchema = z.strictObject({
  company_name: z.string(),
  trading_name: z.string(),
  abn: z.string(),
  address: z.string(),
  email_support: z.string(),
  email_complaints: z.string(),
  email_sales: z.string(),
});

export type CompanyInfo = z.infer<typeof companyInfoSchema>;
