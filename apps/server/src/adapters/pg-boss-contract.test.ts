import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type DrizzleTransactionLike, type Job, type WipData } from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';

/**
 * What job-queue.ts relies on pg-boss (the pinned version in apps/server/package.json) to do, seen
 * through pg-boss's public API on PGlite. An upgrade that changes any of it fails here, before the
 * queue misbehaves only under load. Polling is ten minutes: anything that waited for a poll would run
 * into the test's time limit instead.
 */
const POLL = { pollingIntervalSeconds: 600, notifyPollingIntervalSeconds: 600, localConcurrency: 1, batchSize: 1 };
const NO_JOB = '00000000-0000-0000-0000-000000000000';

/** Resolves once `check` holds (the test's time limit fails it otherwise). */
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};
/** Has every worker look for work now: a retry falling due is announced by no NOTIFY. */
const lookNow = (boss: PgBoss) => boss.getWipData().forEach((w: WipData) => boss.notifyWorker(w.id));

// The contract of the embedded backend, whose transactions share one connection; on PostgreSQL,
// job-queue.test.ts runs the queue itself.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('pg-boss, as job-queue.ts uses it', () => {
  let ctx: TestContext;
  let boss: PgBoss;

  beforeEach(async () => {
    ctx = await createTestContext();
    boss = new PgBoss({ db: fromPglite(ctx.container.database.pglite as never), backend: 'pglite', useListenNotify: true, superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, schedule: false });
    boss.on('error', () => {});
    await boss.start();
  });
  afterEach(async () => {
    await boss.stop({ graceful: false, close: true });
    await ctx.close();
  });

  /** The queue as job-queue.ts installs it: created, updated, and read once by findJobs. */
  async function install(name: string, options: Parameters<PgBoss['createQueue']>[1] = {}) {
    await boss.createQueue(name, { notify: true, ...options });
    await boss.findJobs(name, { id: NO_JOB });
  }

  /** Each worker's last look for work, by the id work() returned. */
  const lastLooks = (name: string) => new Map(boss.getWipData().filter((w: WipData) => w.name === name).map((w: WipData) => [w.id, w.lastFetchedOn?.valueOf() ?? null]));

  async function idleWorkers(name: string, count: number, handler: (job: Job<object>) => Promise<void>) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await boss.work<object>(name, POLL, async ([job]) => handler(job!)));
    await until(() => lastLooks(name).size === count && [...lastLooks(name).values()].every((look) => look !== null));
    return ids;
  }

  it('after findJobs, a send inside an open Drizzle transaction on PGlite finishes, and commits or rolls back with it', async () => {
    await install('contract-tx');
    const db = ctx.container.database.db;
    // Without the queue in pg-boss's cache, the send would read it on the main handle, which waits
    // for this very transaction: the test would hang.
    const committed = await db.transaction(async (tx) => boss.send('contract-tx', { n: 1 }, { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql as never) }));
    let rolledBack: string | null = null;
    await db
      .transaction(async (tx) => {
        rolledBack = await boss.send('contract-tx', { n: 2 }, { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql as never) });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await boss.findJobs('contract-tx', { id: committed! })).toHaveLength(1);
    expect(rolledBack).not.toBeNull();
    expect(await boss.findJobs('contract-tx', { id: rolledBack! })).toHaveLength(0);
  });

  it('wakes every idle worker of a queue on each send (why job-queue.ts keeps one slot waiting)', async () => {
    await install('contract-wake');
    let jobs = 0;
    await idleWorkers('contract-wake', 3, async () => {
      jobs++;
    });
    const before = lastLooks('contract-wake');
    await boss.send('contract-wake', {});
    await until(() => [...lastLooks('contract-wake')].every(([id, look]) => look !== before.get(id)));
    await until(() => jobs === 1);
  });

  it('notifyWorker wakes the one worker whose id work() returned; offWork with that id stops it alone', async () => {
    await install('contract-slot');
    const names: string[] = [];
    const [first, second] = await idleWorkers('contract-slot', 2, async (job) => {
      names.push((job.data as { name: string }).name);
    });
    const before = lastLooks('contract-slot');
    boss.notifyWorker(first!);
    await until(() => lastLooks('contract-slot').get(first!) !== before.get(first!));
    expect(lastLooks('contract-slot').get(second!)).toBe(before.get(second!));
    await boss.offWork('contract-slot', { id: first!, wait: false });
    await until(() => !lastLooks('contract-slot').has(first!));
    expect([...lastLooks('contract-slot').keys()]).toEqual([second]);
    await boss.send('contract-slot', { name: 'after' });
    await until(() => names.length === 1);
    expect(names).toEqual(['after']);
  });

  it('retries a job whose handler threw, counting the attempts, then hands it to its dead-letter queue', async () => {
    await install('contract-dead');
    await install('contract-retry', { retryLimit: 1, retryDelay: 0, deadLetter: 'contract-dead' });
    const attempts: number[] = [];
    const dead: object[] = [];
    await boss.work<object>('contract-retry', POLL, async ([job]) => {
      attempts.push(job!.retryCount);
      throw new Error('the engine crashed');
    });
    await boss.work<object>('contract-dead', POLL, async ([job]) => {
      dead.push(job!.data);
    });
    await boss.send('contract-retry', { jobId: 'j1' });
    // The retry falls due at once, but no NOTIFY announces it: a worker's next look finds it
    // (job-queue.ts polls every two seconds; here the test asks).
    const timer = setInterval(() => lookNow(boss), 200);
    try {
      await until(() => dead.length === 1);
    } finally {
      clearInterval(timer);
    }
    expect(attempts).toEqual([0, 1]);
    expect(dead).toEqual([{ jobId: 'j1' }]);
  });

  it("aborts a running job's signal when it expires, and runs it again with one more retry", async () => {
    await install('contract-expiry', { retryLimit: 1, retryDelay: 0, expireInSeconds: 1 });
    const attempts: Array<{ retryCount: number; aborted: boolean }> = [];
    await boss.work<object>('contract-expiry', POLL, async ([job]) => {
      const attempt = { retryCount: job!.retryCount, aborted: false };
      attempts.push(attempt);
      if (job!.retryCount > 0) return;
      await new Promise<void>((resolve) => job!.signal.addEventListener('abort', () => resolve(), { once: true }));
      attempt.aborted = true;
    });
    await boss.send('contract-expiry', {});
    const timer = setInterval(() => lookNow(boss), 200);
    try {
      await until(() => attempts.length === 2);
    } finally {
      clearInterval(timer);
    }
    expect(attempts).toEqual([
      { retryCount: 0, aborted: true },
      { retryCount: 1, aborted: false },
    ]);
  });

  it('updateQueue changes the retry and expiry of a queue made by an earlier version', async () => {
    await boss.createQueue('contract-update', { retryLimit: 0, expireInSeconds: 60 });
    await boss.updateQueue('contract-update', { retryLimit: 2, expireInSeconds: 120 });
    expect(await boss.getQueue('contract-update')).toMatchObject({ retryLimit: 2, expireInSeconds: 120 });
  });
});
