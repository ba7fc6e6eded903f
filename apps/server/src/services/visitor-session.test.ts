import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorSessions } from '@wattle/db';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { manualClock } from '../test/jobs.ts';
import { createVisitorSession, findVisitorSessionId } from './visitor-session.ts';

describe('visitor sessions', () => {
  let ctx: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
  });
  afterAll(() => ctx?.close());

  const lastSeen = async (id: string) => (await ctx.container.db.select().from(visitorSessions).where(eq(visitorSessions.id, id)))[0]?.lastSeenAt;

  it('answers a cookie of a session made or seen within the minute from memory; past it, looks it up and records the visit', async () => {
    const { id, token } = await createVisitorSession(ctx.container);
    // Made within the minute: answered without the database (the row may even change under it).
    await ctx.container.db.update(visitorSessions).set({ tokenHash: 'moved' }).where(eq(visitorSessions.id, id));
    expect(await findVisitorSessionId(ctx.container, token)).toBe(id);
    // Seen within the minute, by a lookup: answered from memory too.
    const seen = await createVisitorSession(ctx.container);
    clock.advance(61_000);
    expect(await findVisitorSessionId(ctx.container, seen.token)).toBe(seen.id);
    await ctx.container.db.update(visitorSessions).set({ tokenHash: 'moved-too' }).where(eq(visitorSessions.id, seen.id));
    expect(await findVisitorSessionId(ctx.container, seen.token)).toBe(seen.id);
    // Past the minute the lookup runs again: a session no longer found is no longer answered.
    clock.advance(61_000);
    expect(await findVisitorSessionId(ctx.container, token)).toBeUndefined();
  });

  it('records the visit once a minute, as the idle sweep needs', async () => {
    const { id, token } = await createVisitorSession(ctx.container);
    const created = await lastSeen(id);
    clock.advance(30_000);
    await findVisitorSessionId(ctx.container, token);
    expect(await lastSeen(id)).toEqual(created);
    clock.advance(31_000);
    await findVisitorSessionId(ctx.container, token);
    expect(await lastSeen(id)).toEqual(clock.now());
  });

  it('answers nothing for a malformed or unknown cookie', async () => {
    expect(await findVisitorSessionId(ctx.container, 'short')).toBeUndefined();
    expect(await findVisitorSessionId(ctx.container, 'a'.repeat(43))).toBeUndefined();
  });
});
