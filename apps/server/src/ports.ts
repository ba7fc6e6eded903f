import type { Database, DatabaseHandle } from '@wattle/db';
import type { EngineReport } from '@wattle/pdf-engine';
import type { Config } from './config.ts';
import type { BlobStore } from './adapters/blob-store/blob-store.ts';
import type { KeyRing } from './adapters/blob-store/key-ring.ts';
import type { Executor } from './adapters/executor.ts';
import type { Clock } from './adapters/clock.ts';
import type { EventBus } from './adapters/event-bus.ts';
import type { CountryLookup } from './adapters/geoip.ts';
import type { JobQueue } from './adapters/job-queue.ts';
import type { Logger } from './adapters/logger.ts';
import type { Mailer } from './adapters/mailer.ts';
import type { MailDispatcher } from './mail/dispatcher.ts';

/**
 * The ports a service or job may ask for, each as `Pick<Ports, …>` of the ones it uses. The container
 * (`container.ts`) has them all, so callers pass it whole; this file imports no layer above adapters.
 */
export interface Ports {
  config: Config;
  dataDir: string;
  logger: Logger;
  clock: Clock;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  /** Mails sent off the request path (share-link codes); `idle()` waits for them. */
  mail: MailDispatcher;
  blobStore: BlobStore;
  /** The keys blobs are sealed under; the share page cache seals its files with them too. */
  blobKeys: KeyRing;
  /** Per-user events over Postgres LISTEN/NOTIFY, fed to the SSE streams. */
  events: EventBus;
  /** Which PDF engines were found at start-up; a tool whose engine is missing answers ENGINE_UNAVAILABLE. */
  engines: () => EngineReport;
  /** Runs engine operations within a budget, where EXECUTION_POLICY says. */
  executor: Executor;
  /** Durable jobs (pg-boss) on the same database; started on first use. */
  queue: JobQueue;
  /** The viewer's country from a local database (GEOIP_COUNTRY_DB), else always null. */
  country: CountryLookup;
  /** The key that sealed tokens, signed links and cookies derive from. */
  authSecret: string;
  /** Seconds before each retry of a failed webhook delivery; tests pass short ones. */
  webhookRetrySeconds: readonly number[];
  version: string;
}
