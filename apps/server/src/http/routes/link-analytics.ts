import { createRoute, z } from '@hono/zod-openapi';
import { linkAnalyticsSchema, linkVisitPageSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { linkAnalytics, linkVisits } from '../../services/share-analytics.ts';
import { declaredRoutes, error, idParams, json, pageQuery } from '../api-contract.ts';
import { accountOwner, requireAccount } from '../middleware/owner.ts';

const linkErrors = { 401: error('Sign in first.'), 404: error('Not yours, or its document was deleted.') };
const params = idParams('link');

/** A link's visits and totals for its owner (`/api/v1/links/:id/visits|analytics`); anyone else's link is 404. */
export function linkAnalyticsRoutes(container: Container) {
  const app = declaredRoutes();
  app.use('/v1/links/:id/visits', requireAccount);
  app.use('/v1/links/:id/analytics', requireAccount);

  const visitsRoute = createRoute({
    method: 'get',
    path: '/v1/links/{id}/visits',
    operationId: 'listLinkVisits',
    summary: 'Who opened a link, newest first (20 a page)',
    description: 'A viewer’s address appears only when the link asked for one and they confirmed it; the country only when the server has a local country database.',
    request: { params, query: pageQuery },
    responses: { 200: json(linkVisitPageSchema, 'One page of visits.'), 400: error('VALIDATION_FAILED.'), ...linkErrors },
  });
  app.openapi(visitsRoute, async (c) => c.json(await linkVisits(container, accountOwner(c), c.req.valid('param').id, c.req.valid('query').page), 200));

  const analyticsRoute = createRoute({
    method: 'get',
    path: '/v1/links/{id}/analytics',
    operationId: 'getLinkAnalytics',
    summary: 'A link’s visits, unique viewers and reading time, in total and per page',
    request: { params },
    responses: { 200: json(linkAnalyticsSchema, 'The totals.'), ...linkErrors },
  });
  app.openapi(analyticsRoute, async (c) => c.json(await linkAnalytics(container, accountOwner(c), c.req.valid('param').id), 200));
  return app;
}
