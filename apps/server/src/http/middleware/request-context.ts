import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../types.ts';

/**
 * A request id for logs and error bodies, and the client IP. Libraries downstream (better-auth's
 * rate limiter) read x-forwarded-for, so unless a trusted proxy sets it, it is overwritten with the
 * socket's address: a client cannot choose its own IP.
 */
export function requestContext(trustedProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('requestId', randomUUID());
    let ip = socketAddress(c);
    if (trustedProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
      if (forwarded) ip = forwarded;
    }
    c.set('clientIp', ip);
    c.req.raw.headers.set('x-forwarded-for', ip);
    c.header('X-Request-Id', c.get('requestId'));
    await next();
  };
}

function socketAddress(c: Parameters<MiddlewareHandler>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1'; // app.request() in tests has no socket
  }
}
