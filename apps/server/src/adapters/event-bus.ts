import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '@wattle/db';
import { isEventType, type AppEvent } from '@wattle/shared';
import type { Logger } from './logger.ts';

export type EventListener = (event: AppEvent) => void;

/**
 * Per-user events across every API process: publish goes through Postgres NOTIFY, and each process
 * LISTENs once and fans out to its own subscribers (the SSE streams it serves). On the embedded
 * database, the one process fans out at once.
 */
export interface EventBus {
  publish(userId: string, event: AppEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: EventListener): () => void;
  /**
   * Says a tool job changed where no account hears of it (a visitor's job, progress, a deleted output);
   * an account's `job.updated` event says it too.
   */
  publishJobChanged(jobId: string): Promise<void>;
  /** Every job change in every process, whoever owns the job (status caches, job streams). */
  onJobChanged(listener: (jobId: string) => void): () => void;
  close(): Promise<void>;
}

export const EVENTS_CHANNEL = 'wattle_events';
/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
/** Back-off before re-opening a lost LISTEN connection on PostgreSQL. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/** `from` names the publishing bus, which has told its own job listeners already. */
type Envelope = ({ userId: string; event: AppEvent } | { jobId: string }) & { from?: string };

export async function createEventBus(database: DatabaseHandle, logger: Logger): Promise<EventBus> {
  const listeners = new Map<string, Set<EventListener>>();
  const jobListeners = new Set<(jobId: string) => void>();
  const self = randomUUID();

  const call = <T>(listener: (value: T) => void, value: T) => {
    try {
      listener(value);
    } catch (err) {
      logger.error({ err }, 'event listener failed');
    }
  };
  const jobChanged = (envelope: Envelope) => {
    const jobId = 'jobId' in envelope ? envelope.jobId : envelope.event.type === 'job.updated' ? envelope.event.jobId : undefined;
    if (jobId) for (const listener of jobListeners) call(listener, jobId);
  };
  const dispatch = (payload: string) => {
    const envelope = parseEnvelope(payload);
    if (!envelope) return logger.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed event');
    if (envelope.from !== self) jobChanged(envelope);
    if ('userId' in envelope) for (const listener of listeners.get(envelope.userId) ?? []) call(listener, envelope.event);
  };
  const notify = async (envelope: Envelope) => {
    const payload = JSON.stringify({ ...envelope, from: self });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('An event is too large to publish');
    // This process hears of its own job changes at once: PostgreSQL delivers the NOTIFY back to it only
    // after its next read may have answered from a stale cache.
    jobChanged(envelope);
    // The embedded database lives in this process alone (its data dir is locked to it), so there is no
    // other process to tell: its subscribers hear the event here, without a statement.
    if (database.kind === 'pglite') return dispatch(payload);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  };

  const stopListening = database.kind === 'pglite' ? async () => {} : await listenOnPostgres(database.connectionString!, dispatch, logger);

  return {
    publish: (userId, event) => notify({ userId, event }),
    publishJobChanged: (jobId) => notify({ jobId }),
    onJobChanged(listener) {
      jobListeners.add(listener);
      return () => jobListeners.delete(listener);
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    async close() {
      listeners.clear();
      jobListeners.clear();
      await stopListening();
    },
  };
}

function parseEnvelope(payload: string): Envelope | undefined {
  try {
    const value = JSON.parse(payload) as { userId?: unknown; event?: { type?: unknown }; jobId?: unknown; from?: unknown };
    const from = typeof value.from === 'string' ? value.from : undefined;
    if (typeof value.userId === 'string' && value.event && isEventType(value.event.type)) return { userId: value.userId, event: value.event as AppEvent, from };
    if (typeof value.jobId === 'string') return { jobId: value.jobId, from };
  } catch {
    // fall through
  }
  return undefined;
}

/** One dedicated client holds the LISTEN (pooled connections cannot); it reconnects with back-off. */
async function listenOnPostgres(connectionString: string, onPayload: (payload: string) => void, logger: Logger): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (msg) => {
      if (msg.channel === EVENTS_CHANNEL && msg.payload) onPayload(msg.payload);
    });
    next.on('error', (err) => {
      logger.warn({ err }, 'event listener connection lost');
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}`);
    } catch (err) {
      next.end().catch(() => {});
      throw err;
    }
    client = next;
    attempt = 0;
  };

  const scheduleConnect = () => {
    if (closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    retryTimer = setTimeout(() => {
      connect().catch((err) => {
        logger.warn({ err }, 'event listener reconnect failed');
        scheduleConnect();
      });
    }, delay);
    retryTimer.unref();
  };

  const lost = (which: pg.Client) => {
    if (closed || client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    scheduleConnect();
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}
