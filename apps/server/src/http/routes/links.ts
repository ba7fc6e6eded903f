import { createRoute, z } from '@hono/zod-openapi';
import { createLinkSchema, linkPageSchema, linkSchema, updateLinkSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { createLink, deleteLink, getLink, listLinks, revokeLink, updateLink } from '../../services/share-links.ts';
import { declaredRoutes, error, idParams, json, jsonBody, noContent, page } from '../api-contract.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';

const linkErrors = { 401: error('Sign in first.'), 404: error('Not yours, or its document was deleted.') };
const params = idParams('link');

/** The space's share links (`/api/v1/links`): account holders only; every id is scoped to its owner (the account or the team). */
export function linksRoutes(container: Container) {
  const app = declaredRoutes();
  app.use('/v1/links', requireAccount);
  app.use('/v1/links/*', requireAccount);
  // Every member sees the team's links; changing them is for admins and the owner.
  const manage = requireTeamAction('links.manage');

  const listRoute = createRoute({
    method: 'get',
    path: '/v1/links',
    operationId: 'listLinks',
    summary: 'Your share links, newest first (20 a page)',
    request: { query: z.object({ documentId: z.uuid().optional().openapi({ description: 'Only the links of this document.' }), page }) },
    responses: { 200: json(linkPageSchema, 'One page of links.'), 400: error('VALIDATION_FAILED.'), 401: error('Sign in first.') },
  });
  app.openapi(listRoute, async (c) => c.json(await listLinks(container, accountOwner(c), c.req.valid('query')), 200));

  const createLinkRoute = createRoute({
    method: 'post',
    path: '/v1/links',
    operationId: 'createLink',
    summary: 'Share one of your documents by a secret link',
    description: 'The link opens the document’s current version. Its `url` is the only way in: send it to the people who should read the document.',
    middleware: [manage],
    request: { body: jsonBody(createLinkSchema, 'The document and the link’s settings.') },
    responses: { 201: json(linkSchema, 'Created.'), 400: error('VALIDATION_FAILED (details.fieldErrors).'), ...linkErrors },
  });
  app.openapi(createLinkRoute, async (c) => c.json(await createLink(container, accountOwner(c), c.req.valid('json')), 201));

  const getRoute = createRoute({
    method: 'get',
    path: '/v1/links/{id}',
    operationId: 'getLink',
    summary: 'One share link',
    request: { params },
    responses: { 200: json(linkSchema, 'The link.'), ...linkErrors },
  });
  app.openapi(getRoute, async (c) => c.json(await getLink(container, accountOwner(c), c.req.valid('param').id), 200));

  const updateRoute = createRoute({
    method: 'patch',
    path: '/v1/links/{id}',
    operationId: 'updateLink',
    summary: 'Change a link’s settings',
    middleware: [manage],
    request: { params, body: jsonBody(updateLinkSchema, 'Only the fields sent change.') },
    responses: { 200: json(linkSchema, 'The changed link.'), 400: error('VALIDATION_FAILED (details.fieldErrors).'), ...linkErrors },
  });
  app.openapi(updateRoute, async (c) => c.json(await updateLink(container, accountOwner(c), c.req.valid('param').id, c.req.valid('json')), 200));

  const revokeRoute = createRoute({
    method: 'post',
    path: '/v1/links/{id}/revoke',
    operationId: 'revokeLink',
    summary: 'Turn a link off for good',
    description: 'Its address answers 410 LINK_GONE from now on; the link stays in your list as revoked.',
    middleware: [manage],
    request: { params },
    responses: { 200: json(linkSchema, 'The revoked link.'), ...linkErrors },
  });
  app.openapi(revokeRoute, async (c) => c.json(await revokeLink(container, accountOwner(c), c.req.valid('param').id), 200));

  const deleteRoute = createRoute({
    method: 'delete',
    path: '/v1/links/{id}',
    operationId: 'deleteLink',
    summary: 'Delete a link and its visits',
    middleware: [manage],
    request: { params },
    responses: { 204: noContent('Deleted.'), ...linkErrors },
  });
  app.openapi(deleteRoute, async (c) => {
    await deleteLink(container, accountOwner(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
