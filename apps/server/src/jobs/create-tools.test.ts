import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.ts';
import { jobForm, manualClock, postJob, waitForJob } from '../test/jobs.ts';
import { signedInUser } from '../test/users.ts';
import { startWorker } from './worker.ts';

/** The Create PDF tools through the public API and the real worker: blank-pdf takes no files at all. */
describe('Create PDF tools through POST /api/v1/jobs', () => {
  let ctx: TestContext;
  let worker: Awaited<ReturnType<typeof startWorker>>;
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

  /** Runs a job to the end and answers its one output's name and page sizes. */
  const run = async (client: TestClient, form: FormData) => {
    const res = await postJob(client, form);
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    const output = job.outputs[0]!;
    const pdf = await PDFDocument.load(await (await client.request(output.downloadUrl)).arrayBuffer());
    return { inputs: job.inputs.length, filename: output.filename, sizes: pdf.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]) };
  };

  it("makes a blank PDF from no files, on the account's Default Page Size", async () => {
    const { client } = await signedInUser(ctx);
    expect((await client.request('/api/profile', { method: 'PATCH', json: { preferred_page_size: 'Legal' } })).status).toBe(200);
    expect(await run(client, jobForm('blank-pdf', [], { options: { pages: 2, orientation: 'landscape' } }))).toEqual({
      inputs: 0,
      filename: 'blank.pdf',
      sizes: [[1008, 612], [1008, 612]],
    });
  });

  it('a visitor gets A4, and a file sent to blank-pdf is refused', async () => {
    const visitor = ctx.client();
    expect(await run(visitor, jobForm('blank-pdf'))).toEqual({ inputs: 0, filename: 'blank.pdf', sizes: [[595, 842]] });
    const res = await postJob(visitor, jobForm('blank-pdf', [{ name: 'a.txt', bytes: new TextEncoder().encode('x'), type: 'text/plain' }]));
    expect(res.status).toBe(400);
    expect((await res.json()).error.details.fieldErrors.files).toEqual(['This tool takes no files.']);
  });

  it('blank-pdf cannot run as a batch', async () => {
    const { client } = await signedInUser(ctx);
    const res = await postJob(client, jobForm('blank-pdf'), '/api/v1/batches');
    expect(res.status).toBe(400);
    expect((await res.json()).error.details.fieldErrors.tool).toEqual(['This tool takes no files, so it cannot run as a batch.']);
  });

  it('turns a Markdown file into a PDF on the account page size', async () => {
    const { client } = await signedInUser(ctx);
    expect((await client.request('/api/profile', { method: 'PATCH', json: { preferred_page_size: 'Letter' } })).status).toBe(200);
    const notes = { name: 'notes.md', bytes: new TextEncoder().encode('# Notes\n\n- one\n- two\n'), type: 'text/markdown' };
    expect(await run(client, jobForm('text-to-pdf', [notes]))).toEqual({ inputs: 1, filename: 'notes.pdf', sizes: [[612, 792]] });
  });
});
