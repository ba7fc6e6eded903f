import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '@wattle/pdf-engine/test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob } from '../../test/jobs.ts';
import { failAbandonedJob } from '../../jobs/run-tool-job.ts';

/** The status cache never answers with what this process itself has just changed. */
describe('the job status cache', () => {
  let ctx: TestContext; // no worker: jobs stay queued until the test changes them
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("reads a job again as soon as this process has announced its change, not when the announcement comes back", async () => {
    const visitor = ctx.client();
    const bytes = await textPdf(1);
    // The announcement's round trip through PostgreSQL is a race; twenty jobs give it room to show.
    for (let i = 0; i < 20; i++) {
      const { id } = await (await postJob(visitor, jobForm('rotate', [{ name: 'a.pdf', bytes }]))).json();
      expect((await (await visitor.request(`/api/v1/jobs/${id}`)).json()).status).toBe('queued');
      await failAbandonedJob(ctx.container, { id: 'dead-letter', data: { jobId: id }, retryCount: 0, signal: new AbortController().signal });
      expect((await (await visitor.request(`/api/v1/jobs/${id}`)).json()).status).toBe('failed');
    }
  });
});
