import { z } from 'zod';
import { apiComponents, pageOf, timestamp } from './components.ts';
import { documentSchema } from './documents.ts';
import { batchSchema } from './jobs.ts';

/** Webhooks (`/api/v1/webhooks`): an account's endpoints, signed per Standard Webhooks. */

export const WEBHOOK_EVENTS = ['job.succeeded', 'job.failed', 'batch.finished', 'document.created', 'link.viewed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOKS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

const webhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters`)
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter an https:// address' }))
  .meta({ description: 'https only (http only to this machine outside production); never a private address.' });

/** Repeats are dropped by the server. */
const webhookEvents = z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event').max(20);

/** `POST /api/v1/webhooks`. */
export const createWebhookSchema = z
  .strictObject({ url: webhookUrl, events: webhookEvents, enabled: z.boolean().default(true) })
  .register(apiComponents, { id: 'CreateWebhook' });

export type CreateWebhook = z.input<typeof createWebhookSchema>;

/** `PATCH /api/v1/webhooks/:id`: only the fields sent change. */
export const updateWebhookSchema = z
  .strictObject({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    enabled: z.boolean().optional(),
  })
  .register(apiComponents, { id: 'UpdateWebhook' });

export type UpdateWebhook = z.input<typeof updateWebhookSchema>;

export const webhookSchema = z
  .strictObject({
    id: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .register(apiComponents, { id: 'Webhook' });

export type Webhook = z.infer<typeof webhookSchema>;

/** Answered on creation and by `POST /api/v1/webhooks/:id/rotate-secret` only: the secret is never shown again. */
export const webhookWithSecretSchema = z
  .strictObject({
    ...webhookSchema.shape,
    secret: z.string().meta({ description: '`whsec_` and base64: the Standard Webhooks signing secret. Shown once.' }),
  })
  .register(apiComponents, { id: 'WebhookWithSecret' });

export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.strictObject({ items: z.array(webhookSchema) }).register(apiComponents, { id: 'WebhookList' });

export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookDeliverySchema = z
  .strictObject({
    id: z.uuid().meta({ description: 'Also the `webhook-id` header: receivers use it to drop repeats.' }),
    event: z.enum(WEBHOOK_EVENTS),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.int().nonnegative(),
    lastStatusCode: z.int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: timestamp().nullable(),
    createdAt: timestamp(),
    deliveredAt: timestamp().nullable(),
  })
  .register(apiComponents, { id: 'WebhookDelivery' });

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/v1/webhooks/:id/deliveries`: one page, newest first. */
export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema).register(apiComponents, { id: 'WebhookDeliveryPage' });

export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

const jobEventData = z.strictObject({
  jobId: z.uuid(),
  tool: z.string(),
  batchId: z.uuid().nullable(),
  status: z.enum(['succeeded', 'failed']),
  error: z.strictObject({ code: z.string().nullable(), message: z.string().nullable() }).optional().meta({ description: 'Only when failed.' }),
});

/** What each event's `data` holds: `emitWebhookEvent` is typed by these, and the document's `webhooks` section is made of them. */
export const WEBHOOK_EVENT_DATA = {
  'job.succeeded': jobEventData,
  'job.failed': jobEventData,
  'batch.finished': z.strictObject({ batchId: z.uuid(), tool: z.string(), counts: batchSchema.shape.counts.nullable() }),
  'document.created': z.strictObject({ document: documentSchema }),
  'link.viewed': z.strictObject({
    linkId: z.uuid(),
    documentId: z.uuid(),
    visitId: z.uuid(),
    viewerEmail: z.string().nullable().meta({ description: 'Only when the link asked for an address and the viewer confirmed it.' }),
    viewCount: z.int().positive(),
  }),
} satisfies Record<WebhookEvent, z.ZodType>;

export type WebhookEventData<E extends WebhookEvent> = z.input<(typeof WEBHOOK_EVENT_DATA)[E]>;

/** `job.succeeded` → `JobSucceededEvent`: the component that names an event's body. */
const eventComponentId = (event: WebhookEvent) => `${event.replace(/(^|\.)(\w)/g, (_, _dot: string, letter: string) => letter.toUpperCase())}Event`;

/** The body POSTed for an event: `{ type, timestamp, data }`, registered as its own component. */
const eventBodySchema = (event: WebhookEvent): z.ZodType =>
  z
    .strictObject({ type: z.literal(event), timestamp: timestamp(), data: WEBHOOK_EVENT_DATA[event] })
    .register(apiComponents, { id: eventComponentId(event), description: `The body of a ${event} delivery.` });

export const webhookEventSchemas = Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, eventBodySchema(event)])) as Record<WebhookEvent, z.ZodType>;
