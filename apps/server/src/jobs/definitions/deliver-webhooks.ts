import { z } from 'zod';
import { deliverWebhook } from '../../services/webhook-delivery.ts';
import { WEBHOOK_DELIVERY_QUEUE } from '../../services/webhooks.ts';
import { defineQueuedJob } from '../job-definition.ts';

/** Sends one webhook delivery; its retries follow the webhook schedule (services/webhook-delivery.ts). */
export const DELIVER_WEBHOOKS = defineQueuedJob({
  kind: 'queued',
  id: WEBHOOK_DELIVERY_QUEUE,
  payload: z.object({ deliveryId: z.uuid(), retry: z.int().min(0) }),
  // pg-boss retries only a crashed attempt (the database away); a receiver's failure is scheduled by the handler.
  retry: { limit: 3, delaySeconds: 10, maxDelaySeconds: 60 },
  // One attempt waits at most 10 s for its receiver.
  timeoutSeconds: 60,
  concurrency: 4,
  handler: (container, job) => deliverWebhook(container, job.data),
});
