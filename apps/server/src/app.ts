import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '@wattle/shared';
import type { Container } from './container.ts';
import { handleError } from './http/middleware/error-handler.ts';
import { requestContext } from './http/middleware/request-context.ts';
import { securityHeaders } from './http/middleware/security-headers.ts';
import { loadApiKey } from './http/middleware/api-key.ts';
import { sameOrigin } from './http/middleware/same-origin.ts';
import { loadSession } from './http/middleware/session.ts';
import { resolveOwner } from './http/middleware/owner.ts';
import { apiKeysRoutes } from './http/routes/api-keys.ts';
import { authRoutes } from './http/routes/auth.ts';
import { devMailRoutes } from './http/routes/dev-mail.ts';
import { publicRoutes } from './http/routes/public.ts';
import { apiDocumentsRoutes, documentsRoutes } from './http/routes/documents.ts';
import { dashboardRoutes } from './http/routes/dashboard.ts';
import { eventRoutes } from './http/routes/events.ts';
import { notificationRoutes } from './http/routes/notifications.ts';
import { profileRoutes } from './http/routes/profile.ts';
import { taxInvoiceRoutes } from './http/routes/tax-invoices.ts';
import { supportRoutes } from './http/routes/support.ts';
import { jobsRoutes } from './http/routes/jobs.ts';
import { linksRoutes } from './http/routes/links.ts';
import { linkAnalyticsRoutes } from './http/routes/link-analytics.ts';
import { shareViewerRoutes } from './http/routes/share-viewer.ts';
import { openApiRoutes } from './http/routes/openapi.ts';
import { apiReferenceRoutes } from './http/routes/api-reference.ts';
import { declaredRoutes } from './http/api-contract.ts';
import { toolsRoutes } from './http/routes/tools.ts';
import { teamRoutes } from './http/routes/team.ts';
import { webhooksRoutes } from './http/routes/webhooks.ts';
import type { AppEnv } from './http/types.ts';
import { webApp } from './http/web-assets.ts';

const JSON_BODY_LIMIT = 256 * 1024;
const webDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The whole HTTP surface: the API under /api and the built web app for everything else. */
export function createApp(container: Container) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(requestContext(container.config.TRUSTED_PROXY));
  app.use(async (c, next) => {
    c.set('logger', container.logger);
    await next();
  });
  app.use(securityHeaders(container.config.publicUrl.startsWith('https://')));
  // Multipart routes stream their own bodies with their own limits; everything else is small JSON.
  app.use('/api/*', async (c, next) => {
    if (c.req.header('content-type')?.startsWith('multipart/form-data')) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    })(c, next);
  });

  app.use('/api/v1/*', loadApiKey(container));
  app.use('/api/*', sameOrigin(container.config.publicUrl));
  app.use('/api/*', loadSession(container));
  app.use('/api/*', resolveOwner(container));

  app.route('/api', publicRoutes(container));
  app.route('/api', documentsRoutes(container));
  app.route('/api', authRoutes(container));
  app.route('/api', profileRoutes(container));
  app.route('/api', notificationRoutes(container));
  app.route('/api', eventRoutes(container));
  app.route('/api', supportRoutes(container));
  app.route('/api', dashboardRoutes(container));
  app.route('/api', taxInvoiceRoutes(container));
  app.route('/api', shareViewerRoutes(container));
  // The declared /api/v1 routes: the OpenAPI document is generated from their declarations.
  const v1 = declaredRoutes();
  v1.route('/api', toolsRoutes(container)).route('/api', jobsRoutes(container)).route('/api', apiDocumentsRoutes(container));
  v1.route('/api', linksRoutes(container)).route('/api', linkAnalyticsRoutes(container));
  v1.route('/api', webhooksRoutes(container)).route('/api', teamRoutes(container)).route('/api', apiKeysRoutes(container));
  v1.route('/api', openApiRoutes(container, v1));
  app.route('/', v1);
  app.route('/api', apiReferenceRoutes());

  // Bare /api is the web app's API documentation page; everything under it is the API.
  app.all('/api/*', (c, next) => {
    if (c.req.path === '/api') return next();
    throw new AppError('NOT_FOUND');
  });
  app.route('/', devMailRoutes(container));
  // The viewer page's address holds a link's token: never indexed, never sent on as a Referer.
  app.use('/s/*', async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex');
    c.header('Referrer-Policy', 'no-referrer');
  });
  serveWebApp(app);
  return app;
}

function serveWebApp(app: Hono<AppEnv>) {
  if (!existsSync(webDist)) {
    app.get('*', (c) => c.text('The web app is not built. Run `npm run build`.', 503));
    return;
  }
  app.use('*', webApp(webDist));
}
