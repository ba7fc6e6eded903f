import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { jobOutputs, pdfFiles } from '@wattle/db';
import { flateBombPdf, giantImagePdf, hugeStreamsPdf } from '@wattle/pdf-engine/test/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { storedBlobs } from '../../test/documents.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser, type TestUser } from '../../test/users.ts';

/**
 * Files over the engines' budgets through every path that runs an engine for a request: each answers
 * the engines' own code (a 4xx, or a job failed with it), never 500 INTERNAL, and stores nothing.
 */
let ctx: TestContext;
let worker: Worker;
let alice: { client: TestClient; user: TestUser };
const hostile: Record<string, Buffer> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  worker = await startWorker(ctx.container, { periodic: false });
  alice = await signedInUser(ctx);
  Object.assign(hostile, {
    'a Flate bomb': await flateBombPdf(1),
    'huge streams': await hugeStreamsPdf(),
    'an ASCII85+Flate chain': await flateBombPdf(1, { ascii85: true }),
    'a 60000x60000 image': giantImagePdf(60_000, 60_000),
  });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});

const NAMES = ['a Flate bomb', 'huge streams', 'an ASCII85+Flate chain', 'a 60000x60000 image'];
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: Record<string, unknown> } }).error;

async function upload(client: TestClient, bytes: Buffer, filename = 'report.pdf'): Promise<Response> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  return client.request('/api/documents', { method: 'POST', body });
}

async function storedDocument(client: TestClient): Promise<string> {
  const res = await upload(client, await makePdf({ pages: 2 }), 'lease.pdf');
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Walking 2 GiB of huge streams takes seconds each time: the upload shows it, the other paths share its check. */
describe.each(NAMES)('%s', (name) => {
  it('is refused by a My Documents upload as LIMIT_EXCEEDED, with nothing stored', async () => {
    const before = storedBlobs(ctx.container, alice.user.id).length;
    const res = await upload(alice.client, hostile[name]!);
    expect(res.status).toBe(422);
    expect((await errorOf(res)).code).toBe('LIMIT_EXCEEDED');
    expect(storedBlobs(ctx.container, alice.user.id)).toHaveLength(before);
  });
});

describe.each(['a Flate bomb', 'a 60000x60000 image'])('%s', (name) => {
  it('is refused as a new version of a stored document, which keeps its one version', async () => {
    const documentId = await storedDocument(alice.client);
    const options = { operations: [{ type: 'text', page: 1, x: 72, y: 72, text: 'Signed' }] };
    const job = await waitForJob(alice.client, (await (await postJob(alice.client, jobForm('edit', [], { options, fileIds: [documentId] }))).json()).id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    // The output's bytes become the hostile file, as if a tool had made it.
    const [output] = await ctx.container.db.select().from(jobOutputs).where(eq(jobOutputs.jobId, job.id));
    await ctx.container.blobStore.put(output!.blobKey, Readable.from([hostile[name]!]));
    const before = storedBlobs(ctx.container, alice.user.id).length;

    const res = await alice.client.request(`/api/documents/${documentId}/versions`, { method: 'POST', json: { outputId: job.outputs[0]!.id } });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).code).toBe('LIMIT_EXCEEDED');
    expect(storedBlobs(ctx.container, alice.user.id)).toHaveLength(before);
    const versions = await (await alice.client.request(`/api/documents/${documentId}/versions`)).json();
    expect(versions.items).toHaveLength(1);
  });

  it('is refused when sent for an edit, as the edited PDF and as one inserted into a stored document, with no job made', async () => {
    const text = { type: 'text', page: 1, x: 72, y: 72, text: 'Signed' };
    const edited = await postJob(alice.client, jobForm('edit', [{ name: 'report.pdf', bytes: hostile[name]! }], { options: { operations: [text] } }));
    expect(edited.status).toBe(422);
    expect((await errorOf(edited)).code).toBe('LIMIT_EXCEEDED');
    const documentId = await storedDocument(alice.client);
    const inserted = await postJob(alice.client, jobForm('edit', [{ name: 'annex.pdf', bytes: hostile[name]! }], { options: { operations: [{ type: 'insert-pdf', after: 1, file: 1 }] }, fileIds: [documentId] }));
    expect(inserted.status).toBe(422);
    expect((await errorOf(inserted)).code).toBe('LIMIT_EXCEEDED');
  });

  it('refuses an edit of a stored document whose bytes are over the budgets with LIMIT_EXCEEDED, before any job is made', async () => {
    const documentId = await storedDocument(alice.client);
    const [row] = await ctx.container.db.select().from(pdfFiles).where(eq(pdfFiles.id, documentId));
    await ctx.container.blobStore.put(row!.filePath, Readable.from([hostile[name]!]));
    const res = await postJob(alice.client, jobForm('edit', [], { options: { operations: [{ type: 'text', page: 1, x: 72, y: 72, text: 'Signed' }] }, fileIds: [documentId] }));
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { filename: 'lease.pdf' } });
  });

  it('refuses a batch holding it, naming the file, with no job made', async () => {
    const res = await postJob(alice.client, jobForm('compress', [{ name: 'good.pdf', bytes: await makePdf({ pages: 1 }) }, { name: 'bad.pdf', bytes: hostile[name]! }]), '/api/v1/batches');
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: expect.any(String) } });
  });

  it('answers LIMIT_EXCEEDED for a shared page whose stored bytes are over the budgets', async () => {
    const documentId = await storedDocument(alice.client);
    const [row] = await ctx.container.db.select().from(pdfFiles).where(eq(pdfFiles.id, documentId));
    await ctx.container.blobStore.put(row!.filePath, Readable.from([hostile[name]!]));
    const link = await alice.client.request('/api/v1/links', { method: 'POST', json: { documentId } });
    expect(link.status, await link.clone().text()).toBe(201);
    const token = ((await link.json()) as { url: string }).url.split('/s/')[1]!;
    const reader = ctx.client();
    expect((await reader.request(`/api/s/${token}/visits`, { method: 'POST', json: {} })).status).toBe(201);
    const page = await reader.request(`/api/s/${token}/pages/1?width=800`);
    expect(page.status).toBe(422);
    expect((await errorOf(page)).code).toBe('LIMIT_EXCEEDED');
  });
});
