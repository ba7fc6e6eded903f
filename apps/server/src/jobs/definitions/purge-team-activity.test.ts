import { randomUUID } from 'node:crypto';
import { organization, teamActivity } from '@wattle/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { purgeTeamActivity } from '../../services/retention.ts';

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
