import { z } from 'zod';
import { isValidAbn } from '@wattle/shared';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalUrl = z.url().optional();

/**
 * Where the heavy and OCR pools' tools do their JavaScript: `thread` is the tool thread at the lowest
 * niceness, up while heavy jobs come (performance log §128, decision 144); `inline` is the event loop that
 * answers requests. Every other pool runs inline either way (adapters/executor.ts, docs/execution.md).
 */
export const EXECUTION_POLICIES = ['thread', 'inline'] as const;
export type ExecutionPolicy = (typeof EXECUTION_POLICIES)[number];

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Blobs' key-encryption key is derived from this (e.g. a secret kept in a KMS) instead of AUTH_SECRET. */
    BLOB_MASTER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The master keys (or AUTH_SECRETs) used before a rotation, comma-separated: still read until `blobs:rotate` re-wraps. */
    BLOB_PREVIOUS_KEYS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((k) => k.trim()).filter(Boolean)),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().default('Wattle PDF <no-reply@wattlepdf.com.au>'),
    TRUSTED_PROXY: bool.default(false),
    APP_ROLES: z
      .string()
      .default('api,worker')
      .transform((v) => v.split(',').map((r) => r.trim()).filter(Boolean))
      .pipe(z.array(z.enum(['api', 'worker'])).min(1)),
    RATE_LIMIT_ENABLED: bool.optional(),
    /** Webhooks may post to this machine (a local receiver while developing or testing); never to private or link-local addresses. */
    WEBHOOK_ALLOW_LOOPBACK: bool.default(false),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    VISITOR_RETENTION_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
    ACCOUNT_RETENTION_HOURS: z.coerce.number().int().min(1).max(30 * 24).default(24),
    /** Requests each API key may make per minute (its own limit, on top of the account's). */
    API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    JOB_QUEUE_CAP: z.coerce.number().int().min(1).max(100_000).default(200),
    OFFICE_IDLE_SECONDS: z.coerce.number().int().min(1).max(24 * 60 * 60).default(180),
    /** Where heavy and OCR tools do their JavaScript (EXECUTION_POLICIES). */
    EXECUTION_POLICY: z.enum(EXECUTION_POLICIES).default('thread'),
    /** A local MaxMind country database (.mmdb): share-link visits then record the viewer's country. */
    GEOIP_COUNTRY_DB: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    LINKEDIN_CLIENT_ID: z.string().optional(),
    LINKEDIN_CLIENT_SECRET: z.string().optional(),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('ap-southeast-2'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    COMPANY_NAME: z.string().optional(),
    COMPANY_TRADING_NAME: z.string().optional(),
    COMPANY_ABN: z.string().refine(isValidAbn, 'must be an 11-digit ABN that passes the modulus-89 check').optional(),
    COMPANY_ADDRESS: z.string().optional(),
    COMPANY_EMAIL_SUPPORT: z.email().optional(),
    COMPANY_EMAIL_COMPLAINTS: z.email().optional(),
    COMPANY_EMAIL_SALES: z.email().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production with DATABASE_URL' });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'and S3_SECRET_ACCESS_KEY are required with S3_BUCKET' });
    }
  });

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  publicUrl: string;
  production: boolean;
  oauth: Partial<Record<'google' | 'facebook' | 'linkedin', { clientId: string; clientSecret: string }>>;
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oauth: Config['oauth'] = {};
  for (const p of ['google', 'facebook', 'linkedin'] as const) {
    const id = e[`${p.toUpperCase() as 'GOOGLE'}_CLIENT_ID`];
    const secret = e[`${p.toUpperCase() as 'GOOGLE'}_CLIENT_SECRET`];
    if (id && secret) oauth[p] = { clientId: id, clientSecret: secret };
  }
  return {
    ...e,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    production: e.NODE_ENV === 'production',
    oauth,
  };
}
