import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBatches, jobInputs, jobOutputs, jobs, visitorSessions } from '@wattle/db';
import { textPdf } from '@wattle/pdf-engine/test/fixtures';
import { dataPaths } from '../../data-dir.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { jobForm, manualClock, postJob, waitForJob } from '../../test/jobs.ts';
import { signedInUser } from '../../test/users.ts';
import { sweepExpiredToolJobs } from '../../services/retention.ts';
import { startWorker, type Worker } from '../worker.ts';

/** Retention: inputs and outputs go when they expire (bytes and rows), whoever sweeps and however often. */
describe('sweeping expired tool jobs', () => {
  let ctx: TestContext;
  let worker: Worker;
  const clock = manualClock();
  const blobs = () => {
    const dir = join(dataPaths(ctx.dataDir).blobs, 'jobs');
    return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
  };

  beforeAll(async () => {
    ctx = await createTestContext({ VISITOR_RETENTION_MINUTES: '60', ACCOUNT_RETENTION_HOURS: '24' }, { clock });
    worker = await startWorker(ctx.container, { periodic: false });
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  it("deletes a visitor's job after an hour and an account's after a day, bytes and rows, with two sweepers at once", async () => {
    const pdf = await textPdf(2);
    const visitor = ctx.client();
    const { client, user } = await signedInUser(ctx);
    const visitorJob = await waitForJob(visitor, (await (await postJob(visitor, jobForm('merge', [{ name: 'a.pdf', bytes: pdf }, { name: 'b.pdf', bytes: pdf }]))).json()).id);
    const batch = await (await postJob(client, jobForm('rotate', [{ name: 'a.pdf', bytes: pdf }, { name: 'b.pdf', bytes: pdf }]), '/api/v1/batches')).json();
    for (const job of batch.jobs) expect((await waitForJob(client, job.id)).status).toBe('succeeded');
    expect(visitorJob.status).toBe('succeeded');
    // Inputs (2 + 2) and outputs (1 + 2) are stored.
    expect(blobs()).toHaveLength(7);

    clock.advance(59 * 60_000);
    expect(await sweepExpiredToolJobs(ctx.container)).toBe(0);
    expect((await visitor.request(visitorJob.outputs[0]!.downloadUrl)).status).toBe(200);

    clock.advance(2 * 60_000);
    const [a, b] = await Promise.all([sweepExpiredToolJobs(ctx.container), sweepExpiredToolJobs(ctx.container)]);
    expect(a + b).toBe(1);
    expect((await visitor.request(`/api/v1/jobs/${visitorJob.id}`)).status).toBe(404);
    expect((await visitor.request(visitorJob.outputs[0]!.downloadUrl)).status).toBe(404);
    expect(blobs()).toHaveLength(4);
    // Sweeping again changes nothing.
    expect(await sweepExpiredToolJobs(ctx.container)).toBe(0);

    // The account's batch stays for the day, then goes with its jobs, outputs and uploads.
    expect((await client.request(`/api/v1/batches/${batch.id}`)).status).toBe(200);
    clock.advance(23 * 60 * 60_000);
    const [c, d] = await Promise.all([sweepExpiredToolJobs(ctx.container), sweepExpiredToolJobs(ctx.container)]);
    expect(c + d).toBe(2);
    expect(blobs()).toEqual([]);
    for (const table of [jobs, jobInputs, jobOutputs, jobBatches]) expect(await ctx.container.db.$count(table)).toBe(0);
    expect((await client.request(`/api/v1/batches/${batch.id}`)).status).toBe(404);

    // The visitor's idle session goes a week later; the account is untouched.
    expect(await ctx.container.db.$count(visitorSessions)).toBeGreaterThan(0);
    clock.advance(8 * 24 * 60 * 60_000);
    await sweepExpiredToolJobs(ctx.container);
    expect(await ctx.container.db.$count(visitorSessions)).toBe(0);
    expect((await client.request('/api/v1/outputs')).status).toBe(200);
    expect(user.id).toBeTruthy();
  });

  it("never deletes a stored document that a job used as input", async () => {
    const { client } = await signedInUser(ctx);
    const form = new FormData();
    form.append('file', new Blob([(await textPdf(1)) as BlobPart], { type: 'application/pdf' }), 'keep.pdf');
    const doc = await (await client.request('/api/documents', { method: 'POST', body: form })).json();
    const job = await waitForJob(client, (await (await postJob(client, jobForm('rotate', [], { fileIds: [doc.id] }))).json()).id);
    expect(job.status).toBe('succeeded');
    clock.advance(25 * 60 * 60_000);
    expect(await sweepExpiredToolJobs(ctx.container)).toBe(1);
    expect((await client.request(`/api/documents/${doc.id}/download`)).status).toBe(200);
  });
});
