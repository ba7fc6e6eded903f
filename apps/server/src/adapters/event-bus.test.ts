import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@wattle/db';
import type { AppEvent } from '@wattle/shared';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createLogger } from './logger.ts';
import { createEventBus, type EventBus } from './event-bus.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function nextEvent(bus: EventBus, userId: string): Promise<AppEvent> {
  return new Promise((resolve) => {
    const stop = bus.subscribe(userId, (event) => {
      stop();
      resolve(event);
    });
  });
}

describe('event bus', () => {
  it("delivers a published event to that user's subscribers only", async () => {
    const bus = ctx.container.events;
    const seenByOther: AppEvent[] = [];
    const stopOther = bus.subscribe('user-b', (e) => seenByOther.push(e));
    const received = nextEvent(bus, 'user-a');
    await bus.publish('user-a', { type: 'documents.changed' });
    expect(await received).toEqual({ type: 'documents.changed' });
    // A later event for user-b proves user-a's event was never queued for it.
    const forB = nextEvent(bus, 'user-b');
    await bus.publish('user-b', { type: 'usage.changed' });
    await forB;
    expect(seenByOther).toEqual([{ type: 'usage.changed' }]);
    stopOther();
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = ctx.container.events;
    const seen: AppEvent[] = [];
    bus.subscribe('user-c', (e) => seen.push(e))();
    const marker = nextEvent(bus, 'user-c');
    await bus.publish('user-c', { type: 'notification', id: 'n1' });
    await marker;
    expect(seen).toEqual([]);
  });

  it("tells every job listener of a job change, whether an account's job.updated or a bare job id", async () => {
    const bus = ctx.container.events;
    const seen: string[] = [];
    const second = new Promise<void>((resolve) => {
      const stop = bus.onJobChanged((jobId) => {
        seen.push(jobId);
        if (seen.length === 2) {
          stop();
          resolve();
        }
      });
    });
    await bus.publish('user-f', { type: 'job.updated', jobId: 'job-1', batchId: null, status: 'running' });
    await bus.publishJobChanged('job-2');
    await second;
    expect(seen).toEqual(['job-1', 'job-2']);
  });

  it('refuses an event too large for NOTIFY', async () => {
    await expect(ctx.container.events.publish('user-d', { type: 'job.updated', jobId: 'x'.repeat(9000), batchId: null, status: 'running' })).rejects.toThrow(/too large/);
  });

  // The embedded database runs one statement at a time: a NOTIFY would wait for whatever holds it.
  it.runIf(!process.env.TEST_DATABASE_URL)('delivers at once on the embedded database, even while a transaction holds it', async () => {
    const bus = ctx.container.events;
    const received = nextEvent(bus, 'user-g');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const holding = new Promise<void>((resolve) => (begun = resolve));
    const transaction = ctx.container.database.db.transaction(async () => {
      begun();
      await held;
    });
    await holding;
    // A bus that waited for the transaction would never deliver: the test then fails at its timeout.
    const first = Promise.race([received.then(() => 'delivered'), transaction.then(() => 'transaction ended')]);
    void bus.publish('user-g', { type: 'documents.changed' });
    try {
      expect(await first).toBe('delivered');
    } finally {
      release();
      await transaction;
    }
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'carries events between processes sharing one PostgreSQL',
    async () => {
      const other = await createDatabase({ url: ctx.container.database.connectionString!, dataDir: ctx.dataDir, poolSize: 1 });
      const otherBus = await createEventBus(other, createLogger('silent'));
      try {
        const received = nextEvent(otherBus, 'user-e');
        await ctx.container.events.publish('user-e', { type: 'job.updated', jobId: 'j1', batchId: null, status: 'running' });
        expect(await received).toEqual({ type: 'job.updated', jobId: 'j1', batchId: null, status: 'running' });
      } finally {
        await otherBus.close();
        await other.close();
      }
    },
  );
});
