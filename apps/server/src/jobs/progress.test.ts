import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '@wattle/pdf-engine/test/fixtures';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../test/jobs.ts';
import { startWorker, type Worker } from './worker.ts';

/**
 * Progress is written at most every half second, the first time half a second into the job: a quick
 * job goes from running to finished without a progress write, and its page without a reload.
 */
describe('job progress', () => {
  let ctx: TestContext;
  let worker: Worker;
  let now = Date.parse('2026-11-24T00:00:00Z');
  /** Each reading of the clock moves it on this far: 0 stops time, 1,000 makes every step of a job take a second. */
  let step = 0;

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: { now: () => new Date((now += step)) } });
    worker = await startWorker(ctx.container, { periodic: false });
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  /** Runs a merge and counts the changes announced for its job (claimed, each progress write, finished). */
  async function announcedChanges(): Promise<number> {
    const pdf = await textPdf(2);
    const visitor = ctx.client();
    const changed: string[] = []; // from before the submission: the worker may claim the job before its id is known here
    const unsubscribe = ctx.container.events.onJobChanged((jobId) => void changed.push(jobId));
    try {
      const res = await postJob(visitor, jobForm('merge', [{ name: 'a.pdf', bytes: pdf }, { name: 'b.pdf', bytes: pdf }]));
      const { id } = await res.json();
      expect((await waitForJob(visitor, id)).status).toBe('succeeded');
      return changed.filter((jobId) => jobId === id).length;
    } finally {
      unsubscribe();
    }
  }

  it('writes no progress for a job that finishes within half a second', async () => {
    step = 0;
    expect(await announcedChanges()).toBe(2);
  });

  it('writes progress for a job still running after half a second', async () => {
    step = 1000;
    expect(await announcedChanges()).toBeGreaterThan(2);
  });
});
