import type { Ports } from '../ports.ts';
import { findDeliveryForWorker, recordAttempt } from '../repositories/webhooks.ts';
import { unseal } from './sealing.ts';
import { sendWebhook } from './webhook-sender.ts';
import { webhookHeaders } from './webhook-signature.ts';
import { WEBHOOK_DELIVERY_QUEUE } from './webhooks.ts';

/** What the delivery queue carries: the delivery, and which retry of its current run this is (0: the first try). */
export interface DeliveryJob {
  deliveryId: string;
  retry: number;
}

/** Seconds before each retry of a failed delivery: 10 s, 1 min, 5 min, 30 min, 2 h; then it is failed. */
export const WEBHOOK_RETRY_SECONDS: readonly number[] = [10, 60, 5 * 60, 30 * 60, 2 * 60 * 60];

/**
 * One attempt at a delivery. A failure schedules the next retry itself, as a new job due after the
 * schedule's delay (pg-boss's own retries double a delay, not this schedule); the outcome is recorded
 * either way, so nothing here throws for a receiver's fault.
 */
export async function deliverWebhook(container: Pick<Ports, 'config' | 'clock' | 'db' | 'queue' | 'authSecret' | 'webhookRetrySeconds'>, { deliveryId, retry }: DeliveryJob): Promise<void> {
  const found = await findDeliveryForWorker(container.db, deliveryId);
  // Deleted with its webhook, or already settled by an earlier copy of this job.
  if (!found || found.delivery.status !== 'pending') return;
  const { delivery, webhook } = found;
  const now = container.clock.now();
  if (!webhook.enabled) {
    await recordAttempt(container.db, delivery.id, { status: 'failed', lastStatusCode: null, lastError: 'The webhook is turned off', nextAttemptAt: null, deliveredAt: null });
    return;
  }

  const body = JSON.stringify(delivery.payload);
  const secret = unseal(container.authSecret, 'webhook secret v1', webhook.secretSealed);
  const attempt = await sendWebhook({ url: webhook.url, body, headers: webhookHeaders(secret, delivery.id, now, body), allowLoopback: container.config.WEBHOOK_ALLOW_LOOPBACK });
  const outcome = { lastStatusCode: attempt.statusCode, lastError: attempt.error };
  if (attempt.delivered) {
    await recordAttempt(container.db, delivery.id, { status: 'succeeded', ...outcome, nextAttemptAt: null, deliveredAt: container.clock.now() });
    return;
  }
  const delay = container.webhookRetrySeconds[retry];
  if (delay === undefined) {
    await recordAttempt(container.db, delivery.id, { status: 'failed', ...outcome, nextAttemptAt: null, deliveredAt: null });
    return;
  }
  await recordAttempt(container.db, delivery.id, { status: 'pending', ...outcome, nextAttemptAt: new Date(now.getTime() + delay * 1000), deliveredAt: null });
  await container.queue.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId, retry: retry + 1 } satisfies DeliveryJob, { startAfterSeconds: delay });
}
