import { PDFDocument } from '@cantoo/pdf-lib';
import { PLAN_LIMITS } from '@wattle/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { jobForm, manualClock, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';
import { unzip } from '../../test/zip.ts';

/** Merges of many files and splits into many files, through the real app with a worker finishing the jobs. */
let ctx: TestContext;
let worker: Worker;
let client: TestClient;
const clock = manualClock();

beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  worker = await startWorker(ctx.container, { periodic: false });
  ({ client } = await signedInUser(ctx));
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});
// Every test client shares one IP here: a fresh hour of job allowance for each test.
beforeEach(() => clock.advance(3_601_000));

const pagesOf = async (bytes: ArrayBuffer | Buffer) => (await PDFDocument.load(bytes)).getPageCount();

describe('many files, many pages', () => {
  it('merges 120 files for an account holder; more than the table allows is refused with a field error', async () => {
    const files = await Promise.all(Array.from({ length: 120 }, async (_, i) => ({ name: `part-${i}.pdf`, bytes: await makePdf({ pages: 1 + (i % 5) }) })));
    const res = await postJob(client, jobForm('merge', files));
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.outputs).toMatchObject([{ filename: 'part-0-merged.pdf', pages: 360 }]);
    expect(await pagesOf(await (await client.request(job.outputs[0]!.downloadUrl)).arrayBuffer())).toBe(360);

    const tooMany = await postJob(client, jobForm('merge', Array.from({ length: PLAN_LIMITS.free.filesPerJob + 1 }, () => files[0]!)));
    expect(tooMany.status).toBe(400);
    const { error } = await tooMany.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.fieldErrors.files[0]).toMatch(new RegExp(`at most ${PLAN_LIMITS.free.filesPerJob} files`));
  }, 120_000);

  it('splits a 1,000-page PDF into single pages, registered together and downloaded as one ZIP', async () => {
    const res = await postJob(client, jobForm('split', [{ name: 'long.pdf', bytes: await makePdf({ pages: 1000 }) }], { options: { mode: 'every', every: 1 } }));
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.outputs).toHaveLength(1000);
    expect(job.outputs.map((o) => o.filename).slice(0, 2)).toEqual(['long-pages-1.pdf', 'long-pages-2.pdf']);
    expect(job.outputs.every((o) => o.pages === 1)).toBe(true);
    const zip = await client.request(`/api/v1/jobs/${job.id}/zip`);
    expect(zip.status).toBe(200);
    const entries = await unzip(Buffer.from(await zip.arrayBuffer()));
    expect(entries).toHaveLength(1000);
    expect(await pagesOf(entries.find((e) => e.name === 'long-pages-1000.pdf')!.bytes)).toBe(1);
  }, 180_000);
});
