import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { jobForm, manualClock, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';
import { unzip } from '../../test/zip.ts';

/**
 * "Continue with another tool" (an output as the next job's input, without a download and upload) and a
 * job's outputs as one ZIP, through the real app with a worker finishing the jobs.
 */
let ctx: TestContext;
let worker: Worker;
const clock = manualClock();

beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  worker = await startWorker(ctx.container, { periodic: false });
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});
// Every test client shares one IP here: a fresh hour of job allowance for each test.
beforeEach(() => clock.advance(3_601_000));

async function finished(client: TestClient, form: FormData) {
  const res = await postJob(client, form);
  expect(res.status, await res.clone().text()).toBe(202);
  const job = await waitForJob(client, (await res.json()).id);
  expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
  return job;
}

const withOutputs = (tool: string, outputIds: unknown, options?: unknown, raw?: string) => {
  const form = jobForm(tool, [], { options });
  form.append('outputIds', raw ?? JSON.stringify(outputIds));
  return form;
};

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('outputIds: an output as the next tool’s input', () => {
  it('lets a visitor protect what they just compressed, and keeps the first output', async () => {
    const visitor = ctx.client();
    const compressed = await finished(visitor, jobForm('compress', [{ name: 'report.pdf', bytes: await makePdf({ pages: 2 }) }]));
    const output = compressed.outputs[0]!;
    const protectedJob = await finished(visitor, withOutputs('protect', [output.id], { userPassword: 'secret' }));
    expect(protectedJob.inputs).toEqual([expect.objectContaining({ filename: output.filename, size: output.size })]);
    const locked = Buffer.from(await (await visitor.request(protectedJob.outputs[0]!.downloadUrl)).arrayBuffer());
    expect(locked.includes('/Encrypt')).toBe(true);
    // The first output is still there to download: the input is a copy under the new job.
    expect((await visitor.request(output.downloadUrl)).status).toBe(200);
  }, 60_000);

  it('takes uploads, then stored documents, then outputs, counted together against the tool', async () => {
    const { client } = await signedInUser(ctx);
    const first = await finished(client, jobForm('rotate', [{ name: 'first.pdf', bytes: await makePdf({ pages: 1 }) }], { options: { angle: 90 } }));
    const form = jobForm('merge', [{ name: 'upload.pdf', bytes: await makePdf({ pages: 2 }) }]);
    form.append('outputIds', JSON.stringify([first.outputs[0]!.id]));
    const merged = await finished(client, form);
    expect(merged.inputs.map((i) => i.filename)).toEqual(['upload.pdf', first.outputs[0]!.filename]);
    expect(merged.outputs[0]!.pages).toBe(3);
    // One output alone is one file short of a merge.
    const short = await postJob(client, withOutputs('merge', [first.outputs[0]!.id]));
    expect(short.status).toBe(400);
  }, 60_000);

  it('answers 404 for an output that is not the caller’s, deleted or unknown', async () => {
    const owner = ctx.client();
    const output = (await finished(owner, jobForm('rotate', [{ name: 'mine.pdf', bytes: await makePdf({ pages: 1 }) }]))).outputs[0]!;
    const otherVisitor = ctx.client();
    await finished(otherVisitor, jobForm('rotate', [{ name: 'theirs.pdf', bytes: await makePdf({ pages: 1 }) }]));
    const { client: account } = await signedInUser(ctx);
    for (const stranger of [otherVisitor, account, ctx.client()]) {
      const res = await postJob(stranger, withOutputs('compress', [output.id]));
      expect([res.status, await codeOf(res)]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await owner.request(`/api/v1/outputs/${output.id}`, { method: 'DELETE' })).status).toBe(204);
    const gone = await postJob(owner, withOutputs('compress', [output.id]));
    expect(gone.status).toBe(404);
  }, 60_000);

  it('refuses outputIds that are not a JSON array of ids, and an output of a type the tool does not take', async () => {
    const visitor = ctx.client();
    const bad = await postJob(visitor, withOutputs('compress', undefined, undefined, 'not json'));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } }).error.details.fieldErrors.outputIds).toBeDefined();
    const text = await finished(visitor, jobForm('pdf-to-text', [{ name: 'words.pdf', bytes: await makePdf({ pages: 1 }) }]));
    const wrong = await postJob(visitor, withOutputs('compress', [text.outputs[0]!.id]));
    expect([wrong.status, await codeOf(wrong)]).toEqual([415, 'UNSUPPORTED_FILE_TYPE']);
  }, 60_000);
});

describe('GET /api/v1/jobs/{id}/zip', () => {
  it('streams every output of a finished job as one ZIP, for its owner only', async () => {
    const visitor = ctx.client();
    const split = await finished(visitor, jobForm('split', [{ name: 'report.pdf', bytes: await makePdf({ pages: 3 }) }], { options: { mode: 'every', every: 1 } }));
    const res = await visitor.request(`/api/v1/jobs/${split.id}/zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="report-split\.zip"/);
    expect((await unzip(Buffer.from(await res.arrayBuffer()))).map((e) => e.name)).toEqual(split.outputs.map((o) => o.filename));
    expect((await ctx.client().request(`/api/v1/jobs/${split.id}/zip`)).status).toBe(404);
    const { client: account } = await signedInUser(ctx);
    expect((await account.request(`/api/v1/jobs/${split.id}/zip`)).status).toBe(404);
  }, 60_000);

  it('answers 404 while the job has no output', async () => {
    const visitor = ctx.client();
    // A damaged upload is refused before 202 (decision 135); an edit of a page the file does not have is accepted and fails in its job.
    const res = await postJob(visitor, jobForm('edit', [{ name: 'a.pdf', bytes: await makePdf({ pages: 1 }) }], { options: { operations: [{ type: 'note', page: 5, x: 10, y: 10, text: 'no such page' }] } }));
    const job = await waitForJob(visitor, (await res.json()).id);
    expect(job.status).toBe('failed');
    expect((await visitor.request(`/api/v1/jobs/${job.id}/zip`)).status).toBe(404);
  }, 60_000);
});
