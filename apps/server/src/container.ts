import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDatabase, type DatabaseHandle } from '@wattle/db';
import type { Config } from './config.ts';
import { dataPaths } from './data-dir.ts';
import { systemClock, type Clock } from './adapters/clock.ts';
import { createLogger, type Logger } from './adapters/logger.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './adapters/mailer.ts';
import type { BlobStore } from './adapters/blob-store/blob-store.ts';
import { createEncryptedBlobStore } from './adapters/blob-store/encrypted.ts';
import { createKeyRing, type KeyRing } from './adapters/blob-store/key-ring.ts';
import { createLocalBlobDriver } from './adapters/blob-store/local.ts';
import { createEventBus } from './adapters/event-bus.ts';
import { openCountryLookup } from './adapters/geoip.ts';
import { createMailDispatcher } from './mail/dispatcher.ts';
import { createJobQueue, type QueueOptions } from './adapters/job-queue.ts';
import { createExecutor } from './adapters/executor.ts';
import { detectEngines, type EngineReport } from '@wattle/pdf-engine';
import { companyInfoFromConfig, seedCompanyInfo } from './repositories/company-info.ts';
import { createAuth, type AuthService } from './auth/index.ts';
import type { AuthLimitOverrides } from './auth/limits.ts';
import type { AccountErasure } from './auth/account-security.ts';
import type { CountHit } from './domain/rate-limit.ts';
import type { Ports } from './ports.ts';

export const APP_VERSION = '0.1.0';

/**
 * Everything a request handler or job needs, built once at start-up from the config: every port
 * (`ports.ts`), which services and jobs ask for by name, plus better-auth for the routes.
 */
export interface Container extends Ports {
  auth: AuthService;
  /** Closes in reverse order of opening. */
  close(): Promise<void>;
}

/**
 * What the layers above give the container (`composition.ts` does, for main.ts and the tests): the
 * queues of the job list, the webhook retry schedule, and the services auth is handed.
 */
export interface Wiring {
  queues: Record<string, QueueOptions>;
  webhookRetrySeconds: readonly number[];
  countHit(ports: Pick<Ports, 'db' | 'clock'>): CountHit;
  eraseAccount(ports: Pick<Ports, 'db' | 'blobStore' | 'dataDir' | 'logger' | 'clock'>): AccountErasure;
}

export interface ContainerOverrides {
  clock?: Clock;
  logger?: Logger;
  mailer?: Mailer;
  blobStore?: BlobStore;
  database?: DatabaseHandle;
  /** Smaller auth rate limits, so tests can reach them quickly. */
  authLimits?: AuthLimitOverrides;
  /** Pretend engines are (not) installed. */
  engines?: EngineReport;
  webhookRetrySeconds?: readonly number[];
}

export async function createContainer(config: Config, wiring: Wiring, overrides: ContainerOverrides = {}): Promise<Container> {
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const closers: Array<() => Promise<void>> = [];

  const database = overrides.database ?? (await createDatabase({ url: config.DATABASE_URL, dataDir }));
  closers.push(() => database.close());
  await seedCompanyInfo(database.db, companyInfoFromConfig(config));

  const mailer =
    overrides.mailer ??
    (config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer(dataPaths(dataDir).outbox, config.MAIL_FROM));

  const mail = createMailDispatcher(mailer, logger);
  closers.push(() => mail.idle());

  const authSecret = config.AUTH_SECRET ?? embeddedAuthSecret(dataDir);
  const blobKeys = blobKeyRing(config, authSecret);
  const blobStore = overrides.blobStore ?? (await createBlobStore(config, dataDir, blobKeys));

  const events = await createEventBus(database, logger);
  closers.push(() => events.close());

  const clock = overrides.clock ?? systemClock;
  const db = database.db;
  const auth = createAuth({
    config,
    db,
    mailer,
    logger,
    clock,
    blobStore,
    secret: authSecret,
    limits: overrides.authLimits,
    countHit: wiring.countHit({ db, clock }),
    eraseAccount: wiring.eraseAccount({ db, blobStore, dataDir, logger, clock }),
  });
  closers.push(() => auth.mailIdle());

  const engines = overrides.engines ?? (await detectEngines());
  const country = await openCountryLookup(config.GEOIP_COUNTRY_DB, logger);
  const queue = createJobQueue(database, { logger, queues: wiring.queues });
  closers.push(() => queue.stop());

  return {
    config,
    dataDir,
    logger,
    clock,
    database,
    db,
    mailer,
    mail,
    blobStore,
    blobKeys,
    events,
    engines: () => engines,
    executor: createExecutor(config.EXECUTION_POLICY),
    queue,
    country,
    authSecret,
    auth,
    webhookRetrySeconds: overrides.webhookRetrySeconds ?? wiring.webhookRetrySeconds,
    version: APP_VERSION,
    async close() {
      for (const close of closers.reverse()) await close().catch((err) => logger.error({ err }, 'close failed'));
    },
  };
}

/** Embedded mode keeps a generated secret in the data dir, so sessions survive restarts. */
export function embeddedAuthSecret(dataDir: string): string {
  const path = dataPaths(dataDir).authSecret;
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/** Blobs are sealed under a key from BLOB_MASTER_KEY, else from the auth secret (decision 137). */
export const blobKeyRing = (config: Config, authSecret: string): KeyRing => createKeyRing(config.BLOB_MASTER_KEY ?? authSecret, config.BLOB_PREVIOUS_KEYS);

/** The sealed blob store, in the bucket or under DATA_DIR. */
export async function createBlobStore(config: Config, dataDir: string, ring: KeyRing): Promise<BlobStore> {
  return createEncryptedBlobStore(config.S3_BUCKET ? await s3BlobDriver(config) : createLocalBlobDriver(dataPaths(dataDir).blobs), ring);
}

/** The AWS SDK is loaded only when a bucket is configured: the local store never loads it (performance log §106). */
async function s3BlobDriver(config: Config) {
  const { createS3BlobDriver, s3OptionsFromConfig } = await import('./adapters/blob-store/s3.ts');
  return createS3BlobDriver(s3OptionsFromConfig(config));
}
