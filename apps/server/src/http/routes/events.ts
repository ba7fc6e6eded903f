import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEvent } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { requireUser } from '../middleware/session.ts';
import type { AppEnv } from '../types.ts';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream (spec: 30 s). */
  heartbeatMs?: number;
  /** Streams end after this long and the browser reconnects, so no connection lives for ever. */
  maxStreamMs?: number;
}

/** The browser's reconnect hint; its own back-off (1, 2, 5, then 10 s) takes over after that. */
const RETRY_MS = 1000;
/** Events only say "refetch": when a slow client falls this far behind, older ones add nothing. */
const MAX_QUEUED = 100;

/** `GET /api/events`: the signed-in user's events as Server-Sent Events. */
export function eventRoutes(container: Container, options: EventStreamOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const maxStreamMs = options.maxStreamMs ?? 15 * 60_000;
  const app = new Hono<AppEnv>();

  app.get('/events', requireUser, (c) => {
    const userId = c.get('user')!.id;
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const queue: AppEvent[] = [];
      let wake = () => {};
      let done = false;
      const finish = () => {
        done = true;
        wake();
      };
      const unsubscribe = container.events.subscribe(userId, (event) => {
        if (queue.push(event) > MAX_QUEUED) queue.shift();
        wake();
      });
      stream.onAbort(finish);
      const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(finish), heartbeatMs);
      const lifetime = setTimeout(finish, maxStreamMs);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: RETRY_MS });
        while (!done) {
          if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          for (let event = queue.shift(); event && !done; event = queue.shift()) {
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
          }
        }
      } catch {
        // The client went away mid-write: nothing to tell anyone, the stream just ends.
      } finally {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
      }
    });
  });

  return app;
}
