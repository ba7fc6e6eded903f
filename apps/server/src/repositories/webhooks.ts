import { and, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { webhookDeliveries, webhooks, type Database } from '@wattle/db';
import { ownerOfRow, type AccountOwner } from '../domain/owner.ts';
import { ownedByAccount } from './owned-by.ts';
import type { Queryable } from './queryable.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookChanges = Partial<Pick<WebhookRow, 'url' | 'events' | 'enabled' | 'secretSealed'>>;
export type DeliveryOutcome = Pick<WebhookDeliveryRow, 'status' | 'lastStatusCode' | 'lastError' | 'nextAttemptAt' | 'deliveredAt'>;

/**
 * Inserts unless the account already has `max` webhooks, under a per-account transaction lock so two
 * requests racing each other cannot both take the last place. Answers undefined when full.
 */
export async function insertWebhookWithinLimit(
  db: Database,
  values: Pick<WebhookRow, 'userId' | 'teamId' | 'url' | 'events' | 'secretSealed' | 'enabled'>,
  max: number,
): Promise<WebhookRow | undefined> {
  return db.transaction(async (tx) => {
    const owner = ownerOfRow(values);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${values.teamId ?? values.userId}`}))`);
    const [counted] = await tx.select({ total: count() }).from(webhooks).where(ownedByAccount(webhooks, owner));
    if (counted!.total >= max) return undefined;
    const [row] = await tx.insert(webhooks).values(values).returning();
    return row;
  });
}

export async function listOwnedWebhooks(db: Database, owner: AccountOwner): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(ownedByAccount(webhooks, owner)).orderBy(desc(webhooks.createdAt), desc(webhooks.id));
}

export async function findOwnedWebhook(db: Database, owner: AccountOwner, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.id, id), ownedByAccount(webhooks, owner))).limit(1);
  return row;
}

export async function updateOwnedWebhook(db: Database, owner: AccountOwner, id: string, changes: WebhookChanges, now: Date): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(webhooks.id, id), ownedByAccount(webhooks, owner)))
    .returning();
  return row;
}

export async function deleteOwnedWebhook(db: Database, owner: AccountOwner, id: string): Promise<boolean> {
  const rows = await db.delete(webhooks).where(and(eq(webhooks.id, id), ownedByAccount(webhooks, owner))).returning({ id: webhooks.id });
  return rows.length > 0;
}

/** The account's switched-on webhooks that asked for this event. */
export async function subscribedWebhooks(db: Database, owner: AccountOwner, event: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(and(ownedByAccount(webhooks, owner), eq(webhooks.enabled, true), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`));
}

export async function insertDeliveries(db: Queryable, rows: Array<Pick<WebhookDeliveryRow, 'webhookId' | 'event' | 'payload'>>): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

/** A delivery and the webhook it goes to, for the worker (which acts for whoever owns the webhook). */
export async function findDeliveryForWorker(db: Database, deliveryId: string): Promise<{ delivery: WebhookDeliveryRow; webhook: WebhookRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  return row;
}

/** Counts the attempt and records its outcome. */
export async function recordAttempt(db: Database, deliveryId: string, outcome: DeliveryOutcome): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...outcome, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(eq(webhookDeliveries.id, deliveryId));
}

export async function findOwnedDelivery(db: Database, owner: AccountOwner, webhookId: string, deliveryId: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId), ownedByAccount(webhooks, owner)))
    .limit(1);
  return row?.delivery;
}

/** Makes a delivery due again now (a Resend), answering it. */
export async function markDeliveryPending(db: Database, deliveryId: string, now: Date): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  return row!;
}

/** One page of a webhook's deliveries, newest first (the caller checked the webhook is the owner's). */
export async function listDeliveries(db: Database, webhookId: string, offset: number, limit: number): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const where = eq(webhookDeliveries.webhookId, webhookId);
  const [rows, [counted]] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: counted!.total };
}

/** Deletes up to `limit` settled deliveries made before `cutoff`, answering how many went. */
export async function deleteSettledDeliveriesBefore(db: Database, cutoff: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(lt(webhookDeliveries.createdAt, cutoff), ne(webhookDeliveries.status, 'pending')))
          .limit(limit),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
