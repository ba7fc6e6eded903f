import type { z } from 'zod';
import {
  AppError,
  isUuid,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOKS_MAX,
  type createWebhookSchema,
  type updateWebhookSchema,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookWithSecret,
} from '@wattle/shared';
import type { Ports } from '../ports.ts';
import type { AccountOwner } from '../domain/owner.ts';
import { accountColumns } from '../repositories/owned-by.ts';
import { webhookUrlProblem } from '../domain/webhook-address.ts';
import {
  deleteOwnedWebhook,
  findOwnedDelivery,
  findOwnedWebhook,
  insertDeliveries,
  insertWebhookWithinLimit,
  listDeliveries,
  listOwnedWebhooks,
  markDeliveryPending,
  subscribedWebhooks,
  updateOwnedWebhook,
  type WebhookChanges,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '../repositories/webhooks.ts';
import { seal } from './sealing.ts';
import { newWebhookSecret } from './webhook-signature.ts';

/** The queue that sends deliveries (jobs/definitions/deliver-webhooks.ts). */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-deliveries';

export type NewWebhookInput = z.output<typeof createWebhookSchema>;
export type WebhookChangesInput = z.output<typeof updateWebhookSchema>;

/** Refuses an address the sender would refuse, as a field error the form shows under the address. */
function assertDeliverable(container: Pick<Ports, 'config'>, url: string): void {
  const problem = webhookUrlProblem(url, container.config.WEBHOOK_ALLOW_LOOPBACK);
  if (problem) throw new AppError('VALIDATION_FAILED', { fieldErrors: { url: [problem] } });
}

// Sealed, not hashed: the server must read the secret back to sign (services/sealing.ts).
const sealSecret = (container: Pick<Ports, 'authSecret'>, secret: string) => seal(container.authSecret, 'webhook secret v1', secret);

export async function createWebhook(container: Pick<Ports, 'config' | 'db' | 'authSecret'>, owner: AccountOwner, input: NewWebhookInput): Promise<WebhookWithSecret> {
  assertDeliverable(container, input.url);
  const secret = newWebhookSecret();
  const row = await insertWebhookWithinLimit(
    container.db,
    { ...accountColumns(owner), url: input.url, events: [...new Set(input.events)], enabled: input.enabled, secretSealed: sealSecret(container, secret) },
    WEBHOOKS_MAX,
  );
  if (!row) throw new AppError('CONFLICT', undefined, { message: `You can have at most ${WEBHOOKS_MAX} webhooks. Delete one to add another.` });
  return { ...toWebhookView(row), secret };
}

export async function listWebhooks(container: Pick<Ports, 'db'>, owner: AccountOwner): Promise<{ items: Webhook[] }> {
  return { items: (await listOwnedWebhooks(container.db, owner)).map(toWebhookView) };
}

async function ownedWebhook(container: Pick<Ports, 'db'>, owner: AccountOwner, id: string): Promise<WebhookRow> {
  // Not even a well-formed id: no such webhook (and never a database error).
  const row = isUuid(id) ? await findOwnedWebhook(container.db, owner, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getWebhook(container: Pick<Ports, 'db'>, owner: AccountOwner, id: string): Promise<Webhook> {
  return toWebhookView(await ownedWebhook(container, owner, id));
}

export async function updateWebhook(container: Pick<Ports, 'config' | 'clock' | 'db'>, owner: AccountOwner, id: string, input: WebhookChangesInput): Promise<Webhook> {
  await ownedWebhook(container, owner, id);
  if (input.url !== undefined) assertDeliverable(container, input.url);
  return toWebhookView(await changeWebhook(container, owner, id, { ...input, ...(input.events && { events: [...new Set(input.events)] }) }));
}

/** A new secret, answered this once; the old one stops signing at once. */
export async function rotateWebhookSecret(container: Pick<Ports, 'clock' | 'db' | 'authSecret'>, owner: AccountOwner, id: string): Promise<WebhookWithSecret> {
  await ownedWebhook(container, owner, id);
  const secret = newWebhookSecret();
  return { ...toWebhookView(await changeWebhook(container, owner, id, { secretSealed: sealSecret(container, secret) })), secret };
}

async function changeWebhook(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner, id: string, changes: WebhookChanges): Promise<WebhookRow> {
  const row = await updateOwnedWebhook(container.db, owner, id, changes, container.clock.now());
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function deleteWebhook(container: Pick<Ports, 'db'>, owner: AccountOwner, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteOwnedWebhook(container.db, owner, id))) throw new AppError('NOT_FOUND');
}

export async function listWebhookDeliveries(container: Pick<Ports, 'db'>, owner: AccountOwner, id: string, page: number): Promise<WebhookDeliveryPage> {
  const webhook = await ownedWebhook(container, owner, id);
  const { rows, total } = await listDeliveries(container.db, webhook.id, (page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE, WEBHOOK_DELIVERIES_PAGE_SIZE);
  return { items: rows.map(toDeliveryView), total, page, pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE };
}

/** Sends a delivery again now, with a fresh run of retries; its `webhook-id` stays, so receivers can drop repeats. */
export async function resendDelivery(container: Pick<Ports, 'clock' | 'db' | 'queue'>, owner: AccountOwner, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const delivery = isUuid(webhookId) && isUuid(deliveryId) ? await findOwnedDelivery(container.db, owner, webhookId, deliveryId) : undefined;
  if (!delivery) throw new AppError('NOT_FOUND');
  const row = await markDeliveryPending(container.db, delivery.id, container.clock.now());
  await container.queue.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId: row.id, retry: 0 });
  return toDeliveryView(row);
}

/**
 * Tells the account's webhooks that asked for `event`: one delivery row each, queued in the same
 * transaction. Best effort: what happened is already committed, so a failure here is logged, never thrown.
 */
export async function emitWebhookEvent<E extends WebhookEvent>(container: Pick<Ports, 'logger' | 'clock' | 'db' | 'queue'>, owner: AccountOwner, event: E, data: WebhookEventData<E>): Promise<void> {
  try {
    const targets = await subscribedWebhooks(container.db, owner, event);
    if (targets.length === 0) return;
    const payload = { type: event, timestamp: container.clock.now().toISOString(), data };
    await container.db.transaction(async (tx) => {
      const rows = await insertDeliveries(tx, targets.map((webhook) => ({ webhookId: webhook.id, event, payload })));
      for (const row of rows) await container.queue.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId: row.id, retry: 0 }, { tx });
    });
  } catch (err) {
    container.logger.warn({ err, event }, 'webhook event not queued');
  }
}

function toWebhookView(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDeliveryView(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
