import { ServerResponse, type Server } from 'node:http';
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

/**
 * An answer given before its request's body has all arrived (a 401 for a bad key, a 413 from the
 * declared length or the body guard, a 404) says `Connection: close`, and Node closes the socket after
 * it. The rest of the body is still on its way: a keep-alive client that reused the connection would
 * have its next request read after it, or dropped when the server gives up draining it.
 */
function closeWhenBodyUnread(fetch: FetchHandler): FetchHandler {
  return async (request, env) => {
    const response = await fetch(request, env);
    if (env.outgoing instanceof ServerResponse && !env.incoming.complete && !env.outgoing.headersSent) env.outgoing.setHeader('connection', 'close');
    return response;
  };
}

/** Serves the app over HTTP with the timeouts above; resolves once it listens. */
export function listen(fetch: FetchHandler, address: { port: number; hostname: string }, timeouts: HttpTimeouts = HTTP_TIMEOUTS): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: closeWhenBodyUnread(fetch), ...address }, () => resolve(server)) as Server;
    server.once('error', reject);
    server.headersTimeout = timeouts.headersMs;
    server.requestTimeout = timeouts.requestMs;
    server.timeout = timeouts.idleMs;
  });
}
