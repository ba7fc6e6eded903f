import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type DrizzleTransactionLike, type Queue } from 'pg-boss';
import type { DatabaseHandle } from '@wattle/db';
import type { Logger } from './logger.ts';

/** A claimed job as a handler sees it. */
export interface QueueJob<T> {
  id: string;
  data: T;
  /** 0 on the first attempt; each retry (after a throw, a timeout or a lost heartbeat) adds one. */
  retryCount: number;
  /** Aborted when the claim is lost (heartbeat, expiry) or the worker stops. */
  signal: AbortSignal;
}

export type QueueOptions = Omit<Queue, 'name'>;

/**
 * Durable jobs on the application's own database (pg-boss): PGlite in-process when embedded, the
 * PostgreSQL server otherwise, so jobs commit in the same transaction as the rows that describe them
 * and any number of worker processes share the work (SKIP LOCKED).
 */
export interface JobQueue {
  /** Installs pg-boss's schema and the queues; later calls share the first. Senders and workers call it. */
  start(): Promise<void>;
  /** Enqueues; with `tx` the job commits or rolls back with that Drizzle transaction; `startAfterSeconds` delays it. */
  send<T extends object>(queue: string, data: T, options?: { tx?: unknown; startAfterSeconds?: number }): Promise<string>;
  /** Runs `handler` for jobs of `queue`, `concurrency` at a time in this process. A throw means retry. */
  work<T>(queue: string, options: { concurrency: number }, handler: (job: QueueJob<T>) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  logger: Logger;
  /** Every queue this process sends to or works on, created at start (idempotent across processes). */
  queues: Record<string, QueueOptions>;
  /** How often lost heartbeats and expired jobs are looked for (seconds). */
  superviseSeconds?: number;
  /** Seconds a graceful stop waits for running handlers. */
  stopTimeoutSeconds?: number;
  /** How often an idle worker looks for jobs a NOTIFY did not announce (retries falling due, missed notifications). */
  pollingSeconds?: number;
}

const NO_JOB = '00000000-0000-0000-0000-000000000000';

export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions): JobQueue {
  const superviseSeconds = options.superviseSeconds ?? 10;
  const connection: Partial<ConstructorOptions> =
    database.kind === 'pglite'
      ? { db: fromPglite(database.pglite as never), backend: 'pglite' }
      : { connectionString: database.connectionString, max: 4 };
  const boss = new PgBoss({
    ...connection,
    useListenNotify: true,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    // Periodic jobs run on each process's own timer, not pg-boss cron (decision 061).
    schedule: false,
  });
  boss.on('error', (err) => options.logger.error({ err }, 'job queue error'));

  let starting: Promise<void> | undefined;
  let stopped = false;

  async function install() {
    await boss.start();
    // Dead-letter queues first: a queue naming one needs it to exist.
    const names = Object.keys(options.queues).sort((a, b) => Number(!!options.queues[a]!.deadLetter) - Number(!!options.queues[b]!.deadLetter));
    for (const name of names) {
      const queue = options.queues[name]!;
      await boss.createQueue(name, queue);
      const { policy: _policy, partition: _partition, heartbeatSeconds: _heartbeat, retryDelayMax: _max, ...updatable } = queue;
      await boss.updateQueue(name, updatable);
      // Fills pg-boss's queue cache (getQueue does not), so a send inside a transaction never reaches
      // for the main handle: on PGlite that would wait for the very transaction it is part of
      // (pg-boss-contract.test.ts).
      await boss.findJobs(name, { id: NO_JOB });
    }
  }

  return {
    start() {
      // A failed start (database briefly away) is tried again by the next caller.
      starting ??= install().catch((err) => {
        starting = undefined;
        throw err;
      });
      return starting;
    },
    async send(queue, data, { tx, startAfterSeconds } = {}) {
      await this.start();
      const db = tx ? fromDrizzle(tx as DrizzleTransactionLike, sql as never) : undefined;
      const id = await boss.send(queue, data, { ...(db ? { db } : {}), ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}) });
      if (!id) throw new Error(`pg-boss refused a job for ${queue}`);
      return id;
    },
    async work(queue, { concurrency }, handler) {
      await this.start();
      const pollingIntervalSeconds = options.pollingSeconds ?? 2;
      // pg-boss wakes every idle worker of a queue on each NOTIFY, and each one then runs a claiming query
      // (pg-boss-contract.test.ts holds the pinned version to this, to notifyWorker and offWork by id).
      // So one slot at a time waits for work: when it takes a job, another slot starts waiting (if the
      // concurrency leaves room). A slot that finishes while another waits stops; otherwise it looks
      // again at once, for work waiting when no NOTIFY is on its way.
      let waiting = 0;
      let busy = 0;
      const addSlot = async () => {
        waiting++;
        const slot = { id: '' };
        slot.id = await boss.work<object>(queue, { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds }, async ([job]) => {
          waiting--;
          busy++;
          if (waiting === 0 && busy < concurrency && !stopped) {
            addSlot().catch((err: unknown) => {
              if (!stopped) options.logger.error({ err, queue }, 'job queue slot not started');
            });
          }
          try {
            await handler({ id: job!.id, data: job!.data as never, retryCount: job!.retryCount, signal: job!.signal });
          } finally {
            busy--;
            if (waiting > 0) void boss.offWork(queue, { id: slot.id, wait: false });
            else {
              waiting++;
              boss.notifyWorker(slot.id);
            }
          }
        }).catch((err: unknown) => {
          waiting--;
          throw err;
        });
      };
      await addSlot();
    },
    async stop() {
      if (stopped || !starting) return;
      stopped = true;
      await starting.catch(() => {});
      await boss.stop({ graceful: true, timeout: (options.stopTimeoutSeconds ?? 30) * 1000, close: true });
    },
  };
}
