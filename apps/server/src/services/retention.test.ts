import { randomUUID } from 'node:crypto';
import { organization, teamActivity, user, webhookDeliveries, webhooks } from '@wattle/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { purgeTeamActivity, purgeWebhookDeliveries } from './retention.ts';

/** The purges of logs kept for a time, as their periodic jobs run them. */
const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.container.clock = { now: () => new Date(Date.UTC(2026, 5, 1)) };
});
afterAll(() => ctx.close());

describe('purgeTeamActivity', () => {
  it('deletes entries older than 90 days and keeps the rest', async () => {
    const { db } = ctx.container;
    const teamId = randomUUID();
    await db.insert(organization).values({ id: teamId, name: 'Log Keepers', slug: `log-${teamId}` });
    const at = (daysAgo: number) => new Date(ctx.container.clock.now().getTime() - daysAgo * DAY);
    const entry = (daysAgo: number) => ({ teamId, actorName: 'Olive', action: 'document.uploaded', subject: `${daysAgo}.pdf`, createdAt: at(daysAgo) });
    await db.insert(teamActivity).values([entry(91), entry(90.5), entry(89), entry(1)]);

    expect(await purgeTeamActivity(ctx.container)).toBe(2);
    const left = await db.select({ subject: teamActivity.subject }).from(teamActivity);
    expect(left.map((r) => r.subject).sort()).toEqual(['1.pdf', '89.pdf']);
  });
});

describe('purgeWebhookDeliveries', () => {
  it('deletes settled deliveries older than the keep time; recent and pending ones stay', async () => {
    const { db } = ctx.container;
    const userId = randomUUID().replaceAll('-', '');
    await db.insert(user).values({ id: userId, name: 'Hook Owner', email: `${userId}@example.com.au` });
    const [hook] = await db.insert(webhooks).values({ userId, url: 'https://hooks.example.com.au/in', events: ['job.failed'], secretSealed: 'x' }).returning();
    const at = (daysAgo: number) => new Date(ctx.container.clock.now().getTime() - daysAgo * DAY);
    const row = (status: string, daysAgo: number) => ({ webhookId: hook!.id, event: 'job.failed', payload: {}, status, createdAt: at(daysAgo) });
    const rows = await db
      .insert(webhookDeliveries)
      .values([row('succeeded', 31), row('failed', 31), row('pending', 31), row('succeeded', 29)])
      .returning({ id: webhookDeliveries.id, status: webhookDeliveries.status, createdAt: webhookDeliveries.createdAt });

    expect(await purgeWebhookDeliveries(ctx.container, 30 * DAY)).toBe(2);
    const left = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
  });
});
