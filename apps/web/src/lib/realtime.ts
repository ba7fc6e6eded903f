import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { EVENT_TYPES, type EventType } from '@wattle/shared';

/**
 * The signed-in user's live updates: one EventSource on `GET /api/events`. Events only say what
 * changed; the matching TanStack Query keys are invalidated and refetched, no pushed state is kept.
 */

/** Spec section 9: reconnect back-off 1, 2, 5, then 10 s; a connection not open within 10 s is retried. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
export const CONNECT_TIMEOUT_MS = 10_000;

/** The query-key prefixes each event makes stale. */
export const INVALIDATED_BY: Record<EventType, QueryKey[]> = {
  // A share link's first view and every download notify its owner: the links' views and analytics moved too.
  notification: [['notifications'], ['links']],
  'documents.changed': [['documents'], ['usage'], ['dashboard']],
  'usage.changed': [['usage'], ['dashboard']],
  'job.updated': [['jobs'], ['dashboard']],
};

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

export function invalidateFor(queryClient: QueryClient, type: EventType): void {
  for (const queryKey of INVALIDATED_BY[type]) void queryClient.invalidateQueries({ queryKey });
}

interface EventSourceLike {
  addEventListener(type: string, listener: () => void): void;
  close(): void;
  onerror: ((this: never, ev: Event) => unknown) | null;
}

export interface RealtimeOptions {
  queryClient: QueryClient;
  url?: string;
  /** Injected by tests. */
  createSource?: (url: string) => EventSourceLike;
  timers?: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };
}

/** Opens the stream and keeps it open; returns the function that closes it for good. */
export function connectRealtime({
  queryClient,
  url = '/api/events',
  createSource = (u) => new EventSource(u, { withCredentials: true }) as unknown as EventSourceLike,
  timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (id) => clearTimeout(id as number) },
}: RealtimeOptions): () => void {
  let source: EventSourceLike | undefined;
  let attempt = 0;
  let everOpened = false;
  let stopped = false;
  let timer: unknown;

  const retryLater = () => {
    source?.close();
    source = undefined;
    timers.clearTimeout(timer);
    if (stopped) return;
    timer = timers.setTimeout(open, reconnectDelay(attempt++));
  };

  function open() {
    if (stopped) return;
    const current = createSource(url);
    source = current;
    timer = timers.setTimeout(retryLater, CONNECT_TIMEOUT_MS);
    current.addEventListener('ready', () => {
      timers.clearTimeout(timer);
      attempt = 0;
      // Whatever happened while we were away is unknown: refetch everything the stream feeds.
      if (everOpened) for (const type of EVENT_TYPES) invalidateFor(queryClient, type);
      everOpened = true;
    });
    for (const type of EVENT_TYPES) current.addEventListener(type, () => invalidateFor(queryClient, type));
    // The browser's own retry would ignore our back-off (and gives up on HTTP errors): take over.
    current.onerror = () => {
      if (source === current) retryLater();
    };
  }

  open();
  return () => {
    stopped = true;
    timers.clearTimeout(timer);
    source?.close();
    source = undefined;
  };
}
