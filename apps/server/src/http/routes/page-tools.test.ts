import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';
import { startWorker } from '../../jobs/worker.ts';

/** Decision 102's tools through the API: several inputs of mixed kinds, several outputs, any file type out. */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('page tools over HTTP', () => {
  let ctx: TestContext;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ctx = await createTestContext();
    const worker = await startWorker(ctx.container, { periodic: false });
    stop = () => worker.stop();
  });
  afterAll(async () => {
    await stop?.();
    await ctx?.close();
  });

  it('numbers two files on from each other, one output each', async () => {
    const { client } = await signedInUser(ctx);
    const res = await postJob(client, jobForm('bates', [{ name: 'a.pdf', bytes: await makePdf({ pages: 2 }) }, { name: 'b.pdf', bytes: await makePdf({ pages: 1 }) }], { options: { prefix: 'X', digits: 3 } }));
    expect(res.status).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.outputs.map((o) => [o.filename, o.pages])).toEqual([
      ['a-bates.pdf', 2],
      ['b-bates.pdf', 1],
    ]);
  });

  it('takes a PDF and an image for an image watermark, and hands back an attached file as bytes', async () => {
    const { client } = await signedInUser(ctx);
    const pdf = await makePdf({ pages: 1 });
    const watermarked = await waitForJob(client, (await (await postJob(client, jobForm('image-watermark', [{ name: 'logo.png', bytes: PNG }, { name: 'r.pdf', bytes: pdf }]))).json()).id);
    expect(watermarked).toMatchObject({ status: 'succeeded', outputs: [{ filename: 'r-watermarked.pdf', pages: 1 }] });

    const doc = await PDFDocument.load(pdf);
    await doc.attach(Buffer.from('<script>alert(1)</script>'), 'page.html', { mimeType: 'text/html' });
    const res = await postJob(client, jobForm('extract-attachments', [{ name: 'r.pdf', bytes: Buffer.from(await doc.save()) }]));
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.outputs.map((o) => [o.filename, o.contentType])).toEqual([['page.html', 'application/octet-stream']]);
    const download = await client.request(job.outputs[0]!.downloadUrl);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(await download.text()).toBe('<script>alert(1)</script>');

    const none = await waitForJob(client, (await (await postJob(client, jobForm('extract-attachments', [{ name: 'r.pdf', bytes: pdf }]))).json()).id);
    expect(none).toMatchObject({ status: 'failed', error: { code: 'NO_ATTACHMENTS' } });
  });
});
