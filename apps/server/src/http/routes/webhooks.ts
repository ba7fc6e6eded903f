import { createRoute, z } from '@hono/zod-openapi';
import { createWebhookSchema, updateWebhookSchema, webhookDeliveryPageSchema, webhookDeliverySchema, webhookListSchema, webhookSchema, webhookWithSecretSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from '../../services/webhooks.ts';
import { declaredRoutes, error, idParams, json, jsonBody, noContent, pageQuery } from '../api-contract.ts';
import { accountOwner, requireAccount, requireTeamAction } from '../middleware/owner.ts';

const webhookErrors = { 401: error('Sign in or send an API key.'), 404: error('Not yours.') };
const webhookChanges = { 400: error('VALIDATION_FAILED (details.fieldErrors): the address must be https and public.') };
const params = idParams('webhook');

/** The space's webhooks (`/api/v1/webhooks`): account holders only; another account's or team's id answers 404. */
export function webhooksRoutes(container: Container) {
  const app = declaredRoutes();
  app.use('/v1/webhooks', requireAccount);
  app.use('/v1/webhooks/*', requireAccount);
  // A team's webhooks are for its admins and owner.
  app.use('/v1/webhooks', requireTeamAction('developers.manage'));
  app.use('/v1/webhooks/*', requireTeamAction('developers.manage'));

  const listRoute = createRoute({
    method: 'get',
    path: '/v1/webhooks',
    operationId: 'listWebhooks',
    summary: 'Your webhooks, newest first',
    responses: { 200: json(webhookListSchema, 'The webhooks.'), 401: webhookErrors[401] },
  });
  app.openapi(listRoute, async (c) => c.json(await listWebhooks(container, accountOwner(c)), 200));

  const createWebhookRoute = createRoute({
    method: 'post',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    summary: 'Send events to an address (at most 10 webhooks)',
    description:
      'Each event is POSTed as JSON `{ type, timestamp, data }` with Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), signed with `secret`, shown in this answer only. A failed delivery (no 2xx within 10 s; redirects are not followed) is retried after 10 s, 1 min, 5 min, 30 min and 2 h.',
    request: { body: jsonBody(createWebhookSchema, 'The address and the events.') },
    responses: { 201: json(webhookWithSecretSchema, 'Created, with its secret.'), ...webhookChanges, 401: webhookErrors[401], 409: error('CONFLICT: you have 10 webhooks already.') },
  });
  app.openapi(createWebhookRoute, async (c) => c.json(await createWebhook(container, accountOwner(c), c.req.valid('json')), 201));

  const getRoute = createRoute({
    method: 'get',
    path: '/v1/webhooks/{id}',
    operationId: 'getWebhook',
    summary: 'One webhook',
    request: { params },
    responses: { 200: json(webhookSchema, 'The webhook.'), ...webhookErrors },
  });
  app.openapi(getRoute, async (c) => c.json(await getWebhook(container, accountOwner(c), c.req.valid('param').id), 200));

  const updateRoute = createRoute({
    method: 'patch',
    path: '/v1/webhooks/{id}',
    operationId: 'updateWebhook',
    summary: 'Change a webhook’s address or events, or turn it on or off',
    request: { params, body: jsonBody(updateWebhookSchema, 'Only the fields sent change.') },
    responses: { 200: json(webhookSchema, 'The changed webhook.'), ...webhookChanges, ...webhookErrors },
  });
  app.openapi(updateRoute, async (c) => c.json(await updateWebhook(container, accountOwner(c), c.req.valid('param').id, c.req.valid('json')), 200));

  const rotateRoute = createRoute({
    method: 'post',
    path: '/v1/webhooks/{id}/rotate-secret',
    operationId: 'rotateWebhookSecret',
    summary: 'Give a webhook a new signing secret',
    description: 'The answer carries the new secret, shown this once; the old one stops signing at once.',
    request: { params },
    responses: { 200: json(webhookWithSecretSchema, 'The webhook with its new secret.'), ...webhookErrors },
  });
  app.openapi(rotateRoute, async (c) => c.json(await rotateWebhookSecret(container, accountOwner(c), c.req.valid('param').id), 200));

  const deleteRoute = createRoute({
    method: 'delete',
    path: '/v1/webhooks/{id}',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook and its deliveries',
    request: { params },
    responses: { 204: noContent('Deleted.'), ...webhookErrors },
  });
  app.openapi(deleteRoute, async (c) => {
    await deleteWebhook(container, accountOwner(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  const deliveriesRoute = createRoute({
    method: 'get',
    path: '/v1/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'A webhook’s deliveries, newest first (20 a page)',
    request: { params, query: pageQuery },
    responses: { 200: json(webhookDeliveryPageSchema, 'One page of deliveries.'), 400: error('VALIDATION_FAILED.'), ...webhookErrors },
  });
  app.openapi(deliveriesRoute, async (c) => c.json(await listWebhookDeliveries(container, accountOwner(c), c.req.valid('param').id, c.req.valid('query').page), 200));

  const resendRoute = createRoute({
    method: 'post',
    path: '/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
    operationId: 'resendWebhookDelivery',
    summary: 'Send a delivery again now, with a fresh run of retries',
    description: 'The same `webhook-id`, so a receiver that has it already can drop it.',
    request: { params: params.extend({ deliveryId: z.string().openapi({ description: 'The delivery’s id (its `webhook-id` header).', format: 'uuid' }) }) },
    responses: { 202: json(webhookDeliverySchema, 'Queued.'), ...webhookErrors },
  });
  app.openapi(resendRoute, async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    return c.json(await resendDelivery(container, accountOwner(c), id, deliveryId), 202);
  });

  return app;
}
