import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { jobOutputs, jobs } from '@wattle/db';
import { EDIT_EXAMPLE, ERROR_CATALOGUE, MAX_EDIT_IMAGE_PIXELS } from '@wattle/shared';
import { textPdf, whitePng } from '@wattle/pdf-engine/test/fixtures';
import sharp from 'sharp';
import { parsePnm } from '@wattle/pdf-engine/util/ppm';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { signedInUser } from '../test/users.ts';
import { jobForm, postJob, waitForJob } from '../test/jobs.ts';
import { storedJobOutputs } from '../test/documents.ts';
import { startWorker, type Worker } from './worker.ts';
import { TOOL_JOB_HEARTBEAT_SECONDS } from './definitions/tool-jobs.ts';

/** The edit tool through POST /api/v1/jobs, the real queue and the real engine, as any API caller uses it. */
describe('edit jobs', () => {
  let ctx: TestContext;
  let worker: Worker;
  let dir: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    worker = await startWorker(ctx.container, { periodic: false });
    dir = mkdtempSync(join(tmpdir(), 'wattle-edit-job-'));
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies the documented example: the text is in the output and the note is a comment', async () => {
    const client = ctx.client();
    const res = await postJob(client, jobForm('edit', [{ name: 'invoice.pdf', bytes: await textPdf(2) }], { options: EDIT_EXAMPLE }));
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.outputs[0]).toMatchObject({ filename: 'invoice-edited.pdf', pages: 2 });

    const download = await client.request(job.outputs[0]!.downloadUrl);
    const path = join(dir, 'edited.pdf');
    writeFileSync(path, Buffer.from(await download.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Approved for payment');
    expect(text).toContain('Invoice 1042');
    const content = execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, '-']).toString('latin1');
    expect(content).toMatch(/\/Subtype \/Text/);
    expect(content).toMatch(/\/Subtype \/Highlight/);
  });

  it('places an uploaded image, named by its number, on a stored document given in fileIds', async () => {
    const { client } = await signedInUser(ctx);
    const stored = new FormData();
    stored.append('file', new Blob([new Uint8Array(await textPdf(2))], { type: 'application/pdf' }), 'lease.pdf');
    const document = await (await client.request('/api/documents', { method: 'POST', body: stored })).json();
    const black = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#000000' } }).png().toBuffer();
    const options = { operations: [{ type: 'image', page: 2, x: 300, y: 300, width: 120, height: 60, file: 1 }] };
    const res = await postJob(client, jobForm('edit', [{ name: 'signature.png', bytes: black, type: 'image/png' }], { options, fileIds: [document.id] }));
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.outputs[0]).toMatchObject({ filename: 'lease-edited.pdf', pages: 2 });

    const path = join(dir, 'signed.pdf');
    writeFileSync(path, Buffer.from(await (await client.request(job.outputs[0]!.downloadUrl)).arrayBuffer()));
    const page = (n: number) => parsePnm(execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', String(n), '-l', String(n), path]));
    const second = page(2);
    expect(second.data[330 * second.width + 360]).toBeLessThan(40);
    const first = page(1);
    expect(first.data[330 * first.width + 360]).toBe(255);
  });

  it('edits the stored document given in fileIds and inserts the pages of an uploaded PDF', async () => {
    const { client } = await signedInUser(ctx);
    const stored = new FormData();
    stored.append('file', new Blob([new Uint8Array(await textPdf(2, { words: (n) => `Lease ${n}` }))], { type: 'application/pdf' }), 'lease.pdf');
    const document = await (await client.request('/api/documents', { method: 'POST', body: stored })).json();
    const annex = await textPdf(2, { words: (n) => `Annex ${n}` });
    const options = { operations: [{ type: 'insert-pdf', after: 1, file: 1 }] };
    const res = await postJob(client, jobForm('edit', [{ name: 'annex.pdf', bytes: annex }], { options, fileIds: [document.id] }));
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.outputs[0]).toMatchObject({ filename: 'lease-edited.pdf', pages: 4 });

    const path = join(dir, 'with-annex.pdf');
    writeFileSync(path, Buffer.from(await (await client.request(job.outputs[0]!.downloadUrl)).arrayBuffer()));
    const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
    expect(pages.map((page) => page.match(/(Lease|Annex) \d/)?.[0])).toEqual(['Lease 1', 'Annex 1', 'Annex 2', 'Lease 2']);
  });

  it('fails the job when an image number names no image sent', async () => {
    const client = ctx.client();
    const options = { operations: [{ type: 'image', page: 1, x: 10, y: 10, width: 20, height: 20, file: 1 }] };
    const job = await waitForJob(client, (await (await postJob(client, jobForm('edit', [{ name: 'a.pdf', bytes: await textPdf(1) }], { options }))).json()).id);
    expect(job.status).toBe('failed');
    expect(job.error?.details).toEqual({ fieldErrors: { 'options.operations.0.file': ['No image with this number was sent with the job.'] } });
  });

  it('refuses a malformed operations document at once, with the fields', async () => {
    const options = { operations: [{ type: 'text', page: 0, x: 0, y: 0, text: 'x' }, { type: 'sparkles' }] };
    const res = await postJob(ctx.client(), jobForm('edit', [{ name: 'a.pdf', bytes: await textPdf(1) }], { options }));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.details.fieldErrors)).toEqual(['options.operations.0.page', 'options.operations.1.type']);
  });

  it('fails the job with VALIDATION_FAILED when an edit does not fit the document', async () => {
    const client = ctx.client();
    const options = { operations: [{ type: 'note', page: 5, x: 10, y: 10, text: 'no such page' }] };
    const res = await postJob(client, jobForm('edit', [{ name: 'a.pdf', bytes: await textPdf(1) }], { options }));
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status).toBe('failed');
    expect(job.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some edits do not fit this document: operations.0.page: The document has 1 page.',
      details: { fieldErrors: { 'options.operations.0.page': ['The document has 1 page.'] } },
    });
    expect(job.outputs).toEqual([]);
  });

  it('names every edit that does not fit in the failed job’s details', async () => {
    const client = ctx.client();
    const options = {
      operations: [
        { type: 'note', page: 3, x: 10, y: 10, text: 'no such page' },
        { type: 'rectangle', page: 1, x: 10, y: 10, width: 20, height: 20, fill: '#000000' },
        { type: 'text', page: 7, x: 10, y: 10, text: 'nor this one' },
      ],
    };
    const res = await postJob(client, jobForm('edit', [{ name: 'a.pdf', bytes: await textPdf(2) }], { options }));
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('VALIDATION_FAILED');
    expect(job.error?.details).toEqual({
      fieldErrors: { 'options.operations.0.page': ['The document has 2 pages.'], 'options.operations.2.page': ['The document has 2 pages.'] },
    });
  });

  it('fails an edit of a stored document whose result could not be saved as its version, leaving no output', async () => {
    const { client } = await signedInUser(ctx);
    const stored = new FormData();
    stored.append('file', new Blob([new Uint8Array(await textPdf(1))], { type: 'application/pdf' }), 'lease.pdf');
    const document = await (await client.request('/api/documents', { method: 'POST', body: stored })).json();
    // Noise does not compress: two such images make a result over a stored document's size.
    const noise = (seed: number) => sharp({ create: { width: 1200, height: 1100, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128 + seed, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer();
    const images = [await noise(0), await noise(1)];
    const place = (file: number) => ({ type: 'image', page: 1, x: 50, y: 50 + file * 300, width: 200, height: 200, file });
    const res = await postJob(client, jobForm('edit', images.map((bytes, i) => ({ name: `photo-${i}.png`, bytes, type: 'image/png' })), { options: { operations: [place(1), place(2)] }, fileIds: [document.id] }));
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await waitForJob(client, (await res.json()).id);
    expect(job).toMatchObject({ status: 'failed', outputs: [], error: { code: 'FILE_TOO_LARGE' } });
    expect(job.error?.message).toBe(ERROR_CATALOGUE.FILE_TOO_LARGE.message);
    const outputs = await ctx.container.db.select().from(jobOutputs).where(eq(jobOutputs.jobId, job.id));
    expect(outputs).toEqual([]);
    expect(storedJobOutputs(ctx.container, job.id)).toEqual([]);
  });

  it('refuses a 10000 x 10000 PNG of a few KB by its header with LIMIT_EXCEEDED, while the API answers', async () => {
    const client = ctx.client();
    const place = { type: 'image', page: 1, x: 50, y: 50, width: 200, height: 200, file: 1 };
    const res = await postJob(client, jobForm('edit', [{ name: 'a.pdf', bytes: await textPdf(1) }, { name: 'flood.png', bytes: whitePng(10_000, 10_000), type: 'image/png' }], { options: { operations: [place] } }));
    expect(res.status, await res.clone().text()).toBe(202);
    const { id } = await res.json();
    // Asked after the job was accepted, answered whatever the job is doing.
    expect((await client.request('/api/health')).status).toBe(200);
    const job = await waitForJob(client, id);
    expect(job).toMatchObject({ status: 'failed', outputs: [], error: { code: 'LIMIT_EXCEEDED', message: 'An image has too many pixels.' } });
    expect(job.error?.message).not.toBe(ERROR_CATALOGUE.INTERNAL.message);
  });

  it('places an image just inside the pixel budget without holding the event loop for a heartbeat, so its claim is never lost', async () => {
    const client = ctx.client();
    const side = Math.floor(Math.sqrt(MAX_EDIT_IMAGE_PIXELS));
    const place = { type: 'image', page: 1, x: 50, y: 50, width: 200, height: 200, file: 1 };
    const stalls = monitorEventLoopDelay({ resolution: 20 });
    stalls.enable();
    const res = await postJob(client, jobForm('edit', [{ name: 'a.pdf', bytes: await textPdf(1) }, { name: 'wide.png', bytes: whitePng(side, side), type: 'image/png' }], { options: { operations: [place] } }));
    const job = await waitForJob(client, (await res.json()).id);
    stalls.disable();
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    // Ran once: a lost claim would have started a second attempt.
    const [row] = await ctx.container.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.attempts).toBe(1);
    // The longest the event loop was held (pg-boss beats from it) stays well inside the heartbeat.
    expect(stalls.max / 1e6).toBeLessThan((TOOL_JOB_HEARTBEAT_SECONDS * 1000) / 2);
  });
});
