import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createLogger } from './logger.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/**
 * Jobs start when they are sent, not at the next poll: polling is set to ten minutes here, far past the
 * test's own time limit, so a job that waited for it would fail the test. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
describe('job queue pick-up', () => {
  let ctx: TestContext;
  let queue: JobQueue;

  beforeEach(async () => {
    ctx = await createTestContext();
    queue = createJobQueue(ctx.container.database, {
      logger: createLogger('silent'),
      queues: { 'wake-test': { notify: true, retryLimit: 0 } },
      pollingSeconds: 600,
    });
  });
  afterEach(async () => {
    await queue.stop();
    await ctx.close();
  });

  /** A handler that records each job's name and lets the test wait for a given count. */
  function recorder() {
    const seen: string[] = [];
    const waiters: Array<() => void> = [];
    return {
      seen,
      handle: async (job: { data: { name: string } }) => {
        seen.push(job.data.name);
        for (const wake of waiters.splice(0)) wake();
      },
      async until(count: number) {
        while (seen.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      },
    };
  }

  it('starts a job sent to an idle worker at once (NOTIFY wakes it)', async () => {
    const jobs = recorder();
    await queue.work<{ name: string }>('wake-test', { concurrency: 1 }, jobs.handle);
    await queue.send('wake-test', { name: 'first' });
    await jobs.until(1);
    await queue.send('wake-test', { name: 'second' });
    await jobs.until(2);
    expect(jobs.seen).toEqual(['first', 'second']);
  });

  /** Holds each job until released, recording how many run at once. */
  function gate() {
    const state = { running: 0, most: 0, done: 0 };
    const releases: Array<() => void> = [];
    return {
      state,
      handle: async () => {
        state.running++;
        state.most = Math.max(state.most, state.running);
        await new Promise<void>((resolve) => releases.push(resolve));
        state.running--;
        state.done++;
      },
      release: () => releases.splice(0).forEach((release) => release()),
    };
  }

  const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 10 });

  it('runs up to its concurrency at once, and the rest as slots free up', async () => {
    const jobs = gate();
    await queue.work('wake-test', { concurrency: 3 }, jobs.handle);
    for (let i = 0; i < 7; i++) await queue.send('wake-test', { i });
    await until(() => jobs.state.running === 3);
    jobs.release();
    await until(() => jobs.state.running === 3 && jobs.state.done === 3);
    jobs.release();
    await until(() => jobs.state.running === 1 && jobs.state.done === 6);
    jobs.release();
    await until(() => jobs.state.done === 7);
    expect(jobs.state.most).toBe(3);
  });

  it('works through jobs already waiting one after another, without a poll between them', async () => {
    for (const name of ['a', 'b', 'c']) await queue.send('wake-test', { name });
    const jobs = recorder();
    await queue.work<{ name: string }>('wake-test', { concurrency: 1 }, jobs.handle);
    await jobs.until(3);
    expect(jobs.seen).toEqual(['a', 'b', 'c']);
  });
});
