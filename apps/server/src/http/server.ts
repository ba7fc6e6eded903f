import type { Server } from 'node:http';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';

/**
 * Slow clients cannot hold a socket for ever (slowloris): the headers must arrive within headersMs; a
 * socket that moves no byte either way for idleMs is closed, which cuts off a stalled body on every
 * route (SSE streams send a heartbeat more often); and a whole request must arrive within requestMs,
 * the cap for slow-but-moving uploads.
 */
export const HTTP_TIMEOUTS = { headersMs: 20_000, idleMs: 60_000, requestMs: 10 * 60_000 };

export type HttpTimeouts = typeof HTTP_TIMEOUTS;

export type FetchHandler = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** Serves the app over HTTP with the timeouts above; resolves once it listens. */
export function listen(fetch: FetchHandler, address: { port: number; hostname: string }, timeouts: HttpTimeouts = HTTP_TIMEOUTS): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, ...address }, () => resolve(server)) as Server;
    server.once('error', reject);
    server.headersTimeout = timeouts.headersMs;
    server.requestTimeout = timeouts.requestMs;
    server.timeout = timeouts.idleMs;
  });
}
