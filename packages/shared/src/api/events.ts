import { z } from 'zod';

/**
 * Events pushed to a signed-in user's browsers over SSE (`GET /api/events`), one case per type. They
 * only say that something changed: the browser refetches, it never keeps pushed state. Each carries
 * small identifiers only: the whole event must stay well under 8000 bytes (a Postgres NOTIFY).
 */
export const appEventSchema = z.discriminatedUnion('type', [
  /** A notification was created (`id`), marked read (`id`, `read`), or all were marked read (`read`). */
  z.strictObject({ type: z.literal('notification'), id: z.uuid().optional(), read: z.literal(true).optional() }),
  z.strictObject({ type: z.literal('documents.changed') }),
  z.strictObject({ type: z.literal('usage.changed') }),
  z.strictObject({ type: z.literal('job.updated'), jobId: z.uuid(), batchId: z.uuid().nullable(), status: z.string().meta({ description: 'The job status.' }) }),
]);

export type AppEvent = z.infer<typeof appEventSchema>;
export type EventType = AppEvent['type'];

export const EVENT_TYPES = appEventSchema.options.map((o) => o.shape.type.value) as EventType[];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}
