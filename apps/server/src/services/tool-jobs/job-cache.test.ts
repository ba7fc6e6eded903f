import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { textPdf } from '@wattle/pdf-engine/test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob } from '../../test/jobs.ts';
import { sql } from 'drizzle-orm';
import { failAbandonedJob, runToolJob } from './run.ts';
import { visitorOwner } from '../../domain/owner.ts';
import { claimJob } from '../../repositories/jobs.ts';
import { createJobCache, jobCache } from './job-cache.ts';

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

  /** Marks the job's row behind the cache's back: a read that shows the mark went to the database. */
  const markBehindTheCache = (id: string) => ctx.container.db.execute(sql`update jobs set finished_at = '2001-01-01T00:00:00Z' where id = ${id}`);
  const submit = async (visitor: ReturnType<TestContext['client']>) => {
    const { id } = await (await postJob(visitor, jobForm('rotate', [{ name: 'a.pdf', bytes: await textPdf(1) }]))).json();
    return id as string;
  };

  it('keeps the jobs a submission has just made, so their first poll is not read back', async () => {
    const id = await submit(ctx.client());
    const cache = createJobCache(ctx.container);
    const committed = (await claimJob(ctx.container.db, id, new Date()))!;
    await cache.keepNew([id], async () => [committed]);
    await markBehindTheCache(id);
    expect(await cache.find(visitorOwner(committed.job.visitorSessionId!), id)).toBe(committed);
  });

  it('keeps no new job that changed while its submission committed', async () => {
    const visitor = ctx.client();
    const id = await submit(visitor);
    const cache = createJobCache(ctx.container);
    const [record] = await cache.keepNew([id], async () => {
      const claimed = (await claimJob(ctx.container.db, id, new Date()))!;
      await ctx.container.events.publishJobChanged(id); // its worker claimed it meanwhile
      return [{ ...claimed, job: { ...claimed.job, status: 'queued' as const } }];
    });
    expect(record!.job.status).toBe('queued');
    expect(cache.held()).toBe(0);
  });

  it('keeps the record the worker has just committed, so the finished job is not read back', async () => {
    const visitor = ctx.client();
    const id = await submit(visitor);
    await runToolJob(ctx.container, { id: 'attempt', data: { jobId: id }, retryCount: 0, signal: new AbortController().signal });
    await markBehindTheCache(id);
    const job = await (await visitor.request(`/api/v1/jobs/${id}`)).json();
    expect(job.status).toBe('succeeded');
    expect(job.outputs).toHaveLength(1);
    expect(job.finishedAt).not.toMatch(/^2001-/);
    // The output is downloadable as announced.
    expect((await visitor.request(job.outputs[0].downloadUrl)).status).toBe(200);
  });

  it('reads the job back when another change came in while the worker announced its own', async () => {
    const visitor = ctx.client();
    const id = await submit(visitor);
    const record = (await claimJob(ctx.container.db, id, new Date()))!;
    await jobCache(ctx.container).announce(record, () => {
      void ctx.container.events.publishJobChanged(id); // someone else's change, heard meanwhile
      return ctx.container.events.publishJobChanged(id);
    });
    await markBehindTheCache(id);
    expect((await (await visitor.request(`/api/v1/jobs/${id}`)).json()).finishedAt).toMatch(/^2001-/);
  });

  it('lets a job go once it is too old to answer from memory, so a process at rest holds none', async () => {
    const visitor = ctx.client();
    const id = await submit(visitor);
    const cache = createJobCache(ctx.container, { openMs: 20, finishedMs: 50 });
    await cache.announce((await claimJob(ctx.container.db, id, new Date()))!, () => ctx.container.events.publishJobChanged(id));
    expect(cache.held()).toBe(1);
    await vi.waitFor(() => expect(cache.held()).toBe(0));
  });
});
