import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '@wattle/db';
import { startWorker } from '../../jobs/worker.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { makeJpeg } from '../../test/images.ts';
import { jobForm, manualClock, postJob, waitForJob, type FormFile } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * The account's PDF settings as tool defaults, through the real API: what the job was stored with
 * is what the worker runs.
 */
describe('account defaults for tool options', () => {
  let ctx: TestContext;
  const file: FormFile = { name: 'report.pdf', bytes: new Uint8Array() };
  const clock = manualClock();

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
    file.bytes = await makePdf({ pages: 1 });
  });
  afterAll(() => ctx?.close());
  // Every test client shares one IP here: a fresh hour of job allowance for each test.
  beforeEach(() => clock.advance(3_601_000));

  const accountWith = async (settings: Record<string, string>) => {
    const { client } = await signedInUser(ctx);
    const res = await client.request('/api/profile', { method: 'PATCH', json: settings });
    expect(res.status).toBe(200);
    return client;
  };
  /** Submits a job and answers the options it was stored with. */
  const storedOptions = async (client: TestClient, form: FormData, path?: string) => {
    const res = await postJob(client, form, path);
    expect(res.status, await res.clone().text()).toBe(202);
    const body = await res.json();
    const id: string = path ? body.jobs[0].id : body.id;
    const [row] = await ctx.container.db.select({ options: jobs.options }).from(jobs).where(eq(jobs.id, id));
    return row!.options;
  };

  // First, so the worker does not also pick up the jobs the other tests leave queued.
  it("the worker renders at the account's resolution", async () => {
    const client = await accountWith({ pdf_export_quality: 'low' });
    const worker = await startWorker(ctx.container, { periodic: false });
    try {
      const res = await postJob(client, jobForm('pdf-to-image', [file]));
      expect(res.status).toBe(202);
      const job = await waitForJob(client, (await res.json()).id);
      expect(job.status).toBe('succeeded');
      const download = await client.request(job.outputs[0]!.downloadUrl);
      const { width } = await sharp(Buffer.from(await download.arrayBuffer())).metadata();
      // makePdf's pages are A4, 595 pt wide: 96 dpi makes them 794 pixels (pdftoppm rounds up).
      expect(width).toBe(Math.ceil((595 / 72) * 96));
    } finally {
      await worker.stop();
    }
  });

  it('Low export quality compresses hardest and renders pages at screen resolution', async () => {
    const client = await accountWith({ pdf_export_quality: 'low' });
    expect(await storedOptions(client, jobForm('compress', [file]))).toEqual({ level: 'high', grayscale: false });
    expect(await storedOptions(client, jobForm('pdf-to-image', [file], { options: { format: 'jpeg' } }))).toEqual({ format: 'jpeg', dpi: 96 });
  });

  it('High export quality loses least and renders pages at print resolution, in a batch too', async () => {
    const client = await accountWith({ pdf_export_quality: 'high' });
    expect(await storedOptions(client, jobForm('compress', [file], { options: { grayscale: true } }))).toEqual({ level: 'low', grayscale: true });
    expect(await storedOptions(client, jobForm('pdf-to-image', [file]), '/api/v1/batches')).toEqual({ format: 'png', dpi: 300 });
  });

  it('an option the caller gives wins over the account', async () => {
    const client = await accountWith({ pdf_export_quality: 'low', preferred_page_size: 'Legal' });
    expect(await storedOptions(client, jobForm('compress', [file], { options: { level: 'low' } }))).toMatchObject({ level: 'low' });
    expect(await storedOptions(client, jobForm('pdf-to-image', [file], { options: { dpi: 200 } }))).toMatchObject({ dpi: 200 });
    const image = { name: 'photo.jpg', bytes: await makeJpeg(40, 30), type: 'image/jpeg' };
    expect(await storedOptions(client, jobForm('image-to-pdf', [image], { options: { pageSize: 'fit' } }))).toMatchObject({ pageSize: 'fit' });
    expect(await storedOptions(client, jobForm('image-to-pdf', [image]))).toMatchObject({ pageSize: 'Legal' });
  });

  it("visitors get the registry's defaults", async () => {
    const visitor = ctx.client();
    expect(await storedOptions(visitor, jobForm('compress', [file]))).toEqual({ level: 'medium', grayscale: false });
    expect(await storedOptions(visitor, jobForm('pdf-to-image', [file]))).toEqual({ format: 'png', dpi: 150 });
  });

  it('an account default still meets the schema: a wrong type the caller sends is refused', async () => {
    const client = await accountWith({ pdf_export_quality: 'high' });
    const res = await postJob(client, jobForm('pdf-to-image', [file], { options: { dpi: '300' } }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.details.fieldErrors['options.dpi']).toBeDefined();
  });
});
