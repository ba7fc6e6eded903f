import type { Container } from '../../container.ts';
import { deleteSettledDeliveriesBefore } from '../../repositories/webhooks.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

/** How long a settled delivery stays in its webhook's log. */
export const WEBHOOK_DELIVERY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
const BATCH = 1000;

/** Deletes delivered and failed deliveries older than keepMs, in batches; pending ones stay until settled. */
export async function purgeWebhookDeliveries(container: Container, keepMs: number): Promise<number> {
  const cutoff = new Date(container.clock.now().getTime() - keepMs);
  let purged = 0;
  for (;;) {
    const deleted = await deleteSettledDeliveriesBefore(container.db, cutoff, BATCH);
    purged += deleted;
    if (deleted < BATCH) return purged;
  }
}

export const PURGE_WEBHOOK_DELIVERIES: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'purge-webhook-deliveries',
  everyMs: 60 * 60_000,
  runsIn: 'worker',
  handler: (container) => purgeWebhookDeliveries(container, WEBHOOK_DELIVERY_KEEP_MS),
};
