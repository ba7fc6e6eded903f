import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { shareDwellSchema, shareEmailCodeRequestSchema, startShareVisitSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { MAX_PAGE_WIDTH } from '../../services/share-page-cache.ts';
import {
  openVisitWithGates,
  recordDwell,
  requestEmailCode,
  viewerDownload,
  viewerInfo,
  viewerPageImage,
  type ViewerRequest,
} from '../../services/share-viewer.ts';
import { attachment } from '../content-disposition.ts';
import type { AppEnv } from '../types.ts';
import { readJson, readQuery } from '../validate.ts';

export const SHARE_VISIT_COOKIE = 'share_visit';

const pageQuery = z.object({ width: z.coerce.number().int().min(1).max(100_000).default(MAX_PAGE_WIDTH) });
const pageParam = z.coerce.number().int().min(1).max(1_000_000);

/**
 * The share-link viewer's API (`/api/s/:token`): public, no account, the token is the only key. The
 * visit cookie is scoped to the link's own path, so one link's visit never rides along to another.
 * Nothing here is indexed or leaks the token through Referer; pages are never cached.
 */
export function shareViewerRoutes(container: Container) {
  const app = new Hono<AppEnv>();
  const secure = container.config.publicUrl.startsWith('https://');

  const viewer = (c: Context<AppEnv>): ViewerRequest => ({
    token: c.req.param('token')!,
    visitCookie: getCookie(c, SHARE_VISIT_COOKIE),
    ip: c.get('clientIp'),
    userAgent: c.req.header('user-agent'),
  });

  app.use('/s/*', async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'private, no-store');
  });

  app.get('/s/:token', async (c) => c.json(await viewerInfo(container, viewer(c))));

  app.post('/s/:token/email-code', async (c) => {
    const { email } = await readJson(c, shareEmailCodeRequestSchema);
    await requestEmailCode(container, viewer(c), email);
    return c.body(null, 202);
  });

  app.post('/s/:token/visits', async (c) => {
    const input = await readJson(c, startShareVisitSchema);
    const token = c.req.param('token');
    const { visitId, cookie } = await openVisitWithGates(container, viewer(c), input);
    setCookie(c, SHARE_VISIT_COOKIE, cookie, { httpOnly: true, sameSite: 'Strict', secure, path: `/api/s/${token}` });
    return c.json({ visitId }, 201);
  });

  app.get('/s/:token/pages/:n', async (c) => {
    const page = pageParam.parse(c.req.param('n'));
    const image = await viewerPageImage(container, viewer(c), page, readQuery(c, pageQuery).width);
    return c.body(new Uint8Array(image), 200, { 'Content-Type': 'image/webp' });
  });

  app.get('/s/:token/download', async (c) => {
    const { filename, body } = await viewerDownload(container, viewer(c));
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', attachment(filename));
    return c.body(Buffer.isBuffer(body) ? new Uint8Array(body) : (Readable.toWeb(body) as ReadableStream), 200);
  });

  app.post('/s/:token/time', async (c) => {
    const { pages } = await readJson(c, shareDwellSchema);
    await recordDwell(container, viewer(c), pages);
    return c.body(null, 204);
  });

  return app;
}
