import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@wattle/db';
import { textPdf } from '@wattle/pdf-engine/test/fixtures';
import type { BlobStore } from '../adapters/blob-store/blob-store.ts';
import { createEncryptedBlobStore } from '../adapters/blob-store/encrypted.ts';
import { createKeyRing } from '../adapters/blob-store/key-ring.ts';
import { createLocalBlobDriver } from '../adapters/blob-store/local.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../test/jobs.ts';
import { RETRY_LIMIT } from '../domain/tool-pools.ts';
import { failAbandonedJob, runToolJob } from '../services/tool-jobs/run.ts';
import { startWorker, type Worker } from './worker.ts';

/** Retries are for the machine's faults only, and bounded; a job whose every attempt died is failed. */
describe('retries', () => {
  let ctx: TestContext;
  let worker: Worker;
  let failing = false;
  const blobDir = mkdtempSync(join(tmpdir(), 'wattle-blobs-'));

  beforeAll(async () => {
    const local = createEncryptedBlobStore(createLocalBlobDriver(blobDir), createKeyRing('a test secret of thirty-two characters'));
    // Reading a job's files fails while `failing` is set: a storage outage, not the document's fault.
    const outage = (key: string) => failing && key.startsWith('jobs/');
    const flaky: BlobStore = {
      ...local,
      get: (key) => (outage(key) ? Promise.reject(new Error('storage unavailable')) : local.get(key)),
      getFile: (key, path) => (outage(key) ? Promise.reject(new Error('storage unavailable')) : local.getFile(key, path)),
    };
    ctx = await createTestContext({}, { blobStore: flaky });
    worker = await startWorker(ctx.container, { periodic: false });
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    rmSync(blobDir, { recursive: true, force: true });
  });

  it('retries an unexpected failure a bounded number of times, then fails it with INTERNAL', async () => {
    failing = true;
    const visitor = ctx.client();
    const res = await postJob(visitor, jobForm('rotate', [{ name: 'a.pdf', bytes: await textPdf(1) }]));
    const job = await waitForJob(visitor, (await res.json()).id);
    failing = false;
    expect(job.status).toBe('failed');
    expect(job.error).toEqual({ code: 'INTERNAL', message: 'An unexpected error occurred. Please try again later.' });
    const [row] = await ctx.container.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.attempts).toBe(RETRY_LIMIT + 1);
  });

  /** A visitor's job on a server with no worker, where it stays queued until the test acts for the worker. */
  const queuedJob = async (idle: TestContext) => {
    const visitor = idle.client();
    const res = await postJob(visitor, jobForm('rotate', [{ name: 'a.pdf', bytes: await textPdf(1) }]));
    const { id } = (await res.json()) as { id: string };
    return { id, read: async () => (await visitor.request(`/api/v1/jobs/${id}`)).json() };
  };

  it('marks a dead-lettered job (every attempt lost its worker) failed, once', async () => {
    const idle = await createTestContext();
    try {
      const { id, read } = await queuedJob(idle);
      const abandoned = { id: 'dead-letter', data: { jobId: id }, retryCount: 0, signal: new AbortController().signal };
      await failAbandonedJob(idle.container, abandoned);
      const failed = await read();
      expect(failed).toMatchObject({ status: 'failed', error: { code: 'INTERNAL' }, outputs: [] });
      // Again (pg-boss may deliver twice): nothing changes.
      await failAbandonedJob(idle.container, abandoned);
      expect((await read()).finishedAt).toBe(failed.finishedAt);
    } finally {
      await idle.close();
    }
  });

  it('fails a queued job whose tool this version no longer has, without retrying it', async () => {
    const idle = await createTestContext();
    try {
      const { id, read } = await queuedJob(idle);
      await idle.container.db.update(jobs).set({ tool: 'dropped-tool' }).where(eq(jobs.id, id));
      await runToolJob(idle.container, { id: 'attempt', data: { jobId: id }, retryCount: 0, signal: new AbortController().signal });
      expect(await read()).toMatchObject({ status: 'failed', error: { code: 'NOT_FOUND' } });
      const [row] = await idle.container.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row!.attempts).toBe(1);
    } finally {
      await idle.close();
    }
  });
});
