import type { MiddlewareHandler } from 'hono';
import { AppError } from '@wattle/shared';
import type { AppEnv } from '../types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site state changes on the API: a browser names the page's origin on every
 * non-GET request (Origin, and Sec-Fetch-Site in current browsers). Requests with neither header
 * come from non-browser clients, which cannot ride a visitor's cookies; so do API key requests,
 * which loadApiKey has already refused if they carried a session or visitor cookie.
 */
export function sameOrigin(publicUrl: string): MiddlewareHandler<AppEnv> {
  const ours = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.get('apiKeyId')) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const foreign = (origin !== undefined && origin !== ours) || (site !== undefined && site !== 'same-origin' && site !== 'none');
    if (foreign) throw new AppError('FORBIDDEN');
    await next();
  };
}
