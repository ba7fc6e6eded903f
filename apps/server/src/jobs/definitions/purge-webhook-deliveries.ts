import type { Ports } from '../../ports.ts';
import { deleteSettledDeliveriesBefore } from '../../repositories/webhooks.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';
import { purgeOlderThan } from './purge-older-than.ts';

/** How long a settled delivery stays in its webhook's log. */
export const WEBHOOK_DELIVERY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes delivered and failed deliveries older than keepMs; pending ones stay until settled. */
export const purgeWebhookDeliveries = (container: Pick<Ports, 'clock' | 'db'>, keepMs: number): Promise<number> =>
  purgeOlderThan(container, keepMs, (cutoff, limit) => deleteSettledDeliveriesBefore(container.db, cutoff, limit));

export const PURGE_WEBHOOK_DELIVERIES: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'purge-webhook-deliveries',
  everyMs: 60 * 60_000,
  runsIn: 'worker',
  handler: (container) => purgeWebhookDeliveries(container, WEBHOOK_DELIVERY_KEEP_MS),
};
