import { purgeWebhookDeliveries } from '../../services/retention.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

/** How long a settled delivery stays in its webhook's log. */
export const WEBHOOK_DELIVERY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export const PURGE_WEBHOOK_DELIVERIES: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'purge-webhook-deliveries',
  everyMs: 60 * 60_000,
  runsIn: 'worker',
  handler: (ports) => purgeWebhookDeliveries(ports, WEBHOOK_DELIVERY_KEEP_MS),
};
