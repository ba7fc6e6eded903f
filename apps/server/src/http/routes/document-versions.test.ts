import { eq } from 'drizzle-orm';
import { jobOutputs } from '@wattle/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { purgeDeletedDocuments } from '../../services/retention.ts';
import { setStorageLimit, storageLedger, storedBlobs } from '../../test/documents.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser, type TestUser } from '../../test/users.ts';

/** Document versions through the HTTP app, with real edit jobs making the outputs that are saved. */
let ctx: TestContext;
let worker: Worker;
let alice: { client: TestClient; user: TestUser };
let bob: { client: TestClient; user: TestUser };

beforeAll(async () => {
  ctx = await createTestContext();
  worker = await startWorker(ctx.container, { periodic: false });
  [alice, bob] = await Promise.all([signedInUser(ctx), signedInUser(ctx)]);
});
afterAll(async () => {
  await worker?.stop();
  await ctx?.close();
});

async function upload(client: TestClient, pages = 2): Promise<{ id: string; file_size: number }> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(await makePdf({ pages }))], { type: 'application/pdf' }), 'lease.pdf');
  const res = await client.request('/api/documents', { method: 'POST', body });
  expect(res.status).toBe(201);
  return res.json();
}

/** An edit of the stored document, run to the end: its output's id. */
async function editOutput(client: TestClient, documentId: string, text: string): Promise<{ id: string; size: number }> {
  const options = { operations: [{ type: 'text', page: 1, x: 72, y: 72, text }] };
  const res = await postJob(client, jobForm('edit', [], { options, fileIds: [documentId] }));
  expect(res.status, await res.clone().text()).toBe(202);
  const job = await waitForJob(client, (await res.json()).id);
  expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
  return job.outputs[0]!;
}

const saveVersion = (client: TestClient, documentId: string, outputId: string) =>
  client.request(`/api/documents/${documentId}/versions`, { method: 'POST', json: { outputId } });

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('document versions', () => {
  it('saves edits as versions, lists them, downloads each and restores an old one as a new version', async () => {
    const { client, user } = alice;
    const original = await upload(client);
    const originalBytes = await bytesOf(await client.request(`/api/documents/${original.id}/download`));
    const output = await editOutput(client, original.id, 'Signed by Alice');

    const saved = await saveVersion(client, original.id, output.id);
    expect(saved.status, await saved.clone().text()).toBe(201);
    const v2 = await saved.json();
    expect(v2).toMatchObject({ id: original.id, filename: 'lease.pdf', version: 2, file_size: output.size, page_count: 2 });
    expect(Date.parse(v2.updated_at)).toBeGreaterThanOrEqual(Date.parse(v2.uploaded_at));

    const list = await (await client.request(`/api/documents/${original.id}/versions`)).json();
    expect(list.items.map((v: { version: number; current: boolean; file_size: number }) => [v.version, v.current, v.file_size])).toEqual([
      [2, true, output.size],
      [1, false, original.file_size],
    ]);
    const v1Bytes = await bytesOf(await client.request(`/api/documents/${original.id}/versions/1/download`));
    const v2Res = await client.request(`/api/documents/${original.id}/versions/2/download`);
    expect(v2Res.headers.get('content-type')).toBe('application/pdf');
    const v2Bytes = await bytesOf(v2Res);
    expect(v1Bytes.equals(originalBytes)).toBe(true);
    expect(v2Bytes.equals(v1Bytes)).toBe(false);
    // Every reader of the document gets the current version; My Documents keeps one row.
    expect((await bytesOf(await client.request(`/api/documents/${original.id}/download`))).equals(v2Bytes)).toBe(true);
    const page = await (await client.request('/api/documents')).json();
    expect(page.items.filter((d: { id: string }) => d.id === original.id)).toEqual([expect.objectContaining({ version: 2 })]);

    const restored = await client.request(`/api/documents/${original.id}/versions/1/restore`, { method: 'POST' });
    expect(restored.status).toBe(201);
    expect(await restored.json()).toMatchObject({ id: original.id, version: 3, file_size: original.file_size });
    expect((await bytesOf(await client.request(`/api/documents/${original.id}/versions/3/download`))).equals(v1Bytes)).toBe(true);
    expect((await bytesOf(await client.request(`/api/documents/${original.id}/download`))).equals(v1Bytes)).toBe(true);
    const versions = (await (await client.request(`/api/documents/${original.id}/versions`)).json()).items;
    expect(versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([[3, true], [2, false], [1, false]]);

    // Every version counts against the quota, and the bytes are stored once each.
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: 2 * original.file_size + output.size, stored: 2 * original.file_size + output.size });
    expect(storedBlobs(ctx.container, user.id)).toHaveLength(3);
  }, 60_000);

  it('refuses a version over the quota, writing and charging nothing', async () => {
    const { client, user } = await signedInUser(ctx);
    const document = await upload(client);
    const output = await editOutput(client, document.id, 'Too much');
    await setStorageLimit(ctx.container, user.id, document.file_size + Math.min(document.file_size, output.size) - 1);

    const res = await saveVersion(client, document.id, output.id);
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe('STORAGE_LIMIT_EXCEEDED');
    const restore = await client.request(`/api/documents/${document.id}/versions/1/restore`, { method: 'POST' });
    expect(await codeOf(restore)).toBe('STORAGE_LIMIT_EXCEEDED');
    expect((await (await client.request(`/api/documents/${document.id}/versions`)).json()).items).toHaveLength(1);
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: document.file_size, stored: document.file_size });
    expect(storedBlobs(ctx.container, user.id)).toEqual([document.id]);
  }, 60_000);

  it('numbers racing saves of one document one after another and books each', async () => {
    const { client, user } = await signedInUser(ctx);
    const document = await upload(client);
    const restores = await Promise.all(Array.from({ length: 5 }, () => client.request(`/api/documents/${document.id}/versions/1/restore`, { method: 'POST' })));
    expect(restores.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await Promise.all(restores.map((r) => r.json()))).map((d: { version: number }) => d.version).sort()).toEqual([2, 3, 4, 5, 6]);
    const versions = (await (await client.request(`/api/documents/${document.id}/versions`)).json()).items;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: 6 * document.file_size, stored: 6 * document.file_size });
    expect(storedBlobs(ctx.container, user.id)).toHaveLength(6);
  }, 60_000);

  it('refuses an output that is not a PDF', async () => {
    const { client, user } = await signedInUser(ctx);
    const document = await upload(client, 1);
    const res = await postJob(client, jobForm('pdf-to-image', [], { fileIds: [document.id] }));
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    const saved = await saveVersion(client, document.id, job.outputs[0]!.id);
    expect(saved.status).toBe(415);
    expect(await codeOf(saved)).toBe('UNSUPPORTED_FILE_TYPE');
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: document.file_size, stored: document.file_size });
    expect(storedBlobs(ctx.container, user.id)).toEqual([document.id]);
  }, 60_000);

  it('answers NOT_FOUND to anyone but the owner, for a version that does not exist and for an expired output', async () => {
    const mine = await upload(alice.client);
    const aliceOutput = await editOutput(alice.client, mine.id, 'Mine');
    const theirs = await upload(bob.client);
    const bobOutput = await editOutput(bob.client, theirs.id, 'Theirs');

    const attempts: [TestClient, string, RequestInit & { json?: unknown }][] = [
      [bob.client, `/api/documents/${mine.id}/versions`, {}],
      [bob.client, `/api/documents/${mine.id}/versions`, { method: 'POST', json: { outputId: bobOutput.id } }],
      [bob.client, `/api/documents/${mine.id}/versions/1/download`, {}],
      [bob.client, `/api/documents/${mine.id}/versions/1/restore`, { method: 'POST' }],
      // Someone else's output onto one's own document.
      [bob.client, `/api/documents/${theirs.id}/versions`, { method: 'POST', json: { outputId: aliceOutput.id } }],
      [alice.client, `/api/documents/${mine.id}/versions/9/download`, {}],
      [alice.client, `/api/documents/${mine.id}/versions/abc/restore`, { method: 'POST' }],
      [alice.client, '/api/documents/not-an-id/versions', {}],
      [ctx.client(), `/api/documents/${mine.id}/versions`, {}],
    ];
    for (const [client, path, init] of attempts) {
      const res = await client.request(path, init);
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(404);
    }

    await ctx.container.db.update(jobOutputs).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(jobOutputs.id, aliceOutput.id));
    expect((await saveVersion(alice.client, mine.id, aliceOutput.id)).status).toBe(404);
    expect((await (await alice.client.request(`/api/documents/${mine.id}/versions`)).json()).items).toHaveLength(1);
  }, 60_000);

  it('deleting the document frees every version’s bytes, and the sweeper removes them all', async () => {
    const { client, user } = await signedInUser(ctx);
    const document = await upload(client);
    const output = await editOutput(client, document.id, 'Second');
    expect((await saveVersion(client, document.id, output.id)).status).toBe(201);
    expect((await client.request(`/api/documents/${document.id}/versions/1/restore`, { method: 'POST' })).status).toBe(201);
    expect(storedBlobs(ctx.container, user.id)).toHaveLength(3);

    expect((await client.request(`/api/documents/${document.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: 0, stored: 0 });
    expect((await client.request(`/api/documents/${document.id}/versions`)).status).toBe(404);
    await purgeDeletedDocuments(ctx.container, { graceMs: 0 });
    expect(storedBlobs(ctx.container, user.id)).toEqual([]);
  }, 60_000);
});
