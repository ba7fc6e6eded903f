import type { MiddlewareHandler } from 'hono';
import { AppError, WEB_CLIENT_HEADER } from '@wattle/shared';
import type { AppEnv } from '../types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site state changes on the API: a browser names the page's origin on every non-GET
 * request (Origin, and Sec-Fetch-Site in current browsers), and one that names another site is
 * refused. A request carrying cookies must also show where it came from, by one of those headers or
 * the web app's own (WEB_CLIENT_HEADER), since a cookie is what a forged request would ride on.
 * Requests with no cookies come from non-browser clients and rely on their own credentials; so do
 * API key requests, which loadApiKey has already refused if they carried a session or visitor cookie.
 */
export function sameOrigin(publicUrl: string): MiddlewareHandler<AppEnv> {
  const ours = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.get('apiKeyId')) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const foreign = (origin !== undefined && origin !== ours) || (site !== undefined && site !== 'same-origin' && site !== 'none');
    const unvouched = origin === undefined && site === undefined && c.req.header(WEB_CLIENT_HEADER) === undefined && c.req.header('cookie') !== undefined;
    if (foreign || unvouched) throw new AppError('FORBIDDEN');
    await next();
  };
}
