import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import S3rver from 's3rver';
import { DEFAULT_STORAGE_LIMIT, MAX_DOCUMENTS_PER_ZIP, MAX_PDF_SIZE } from '@wattle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/harness.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { leftoverTempFiles, setStorageLimit, storageLedger, storedBlobs } from '../../test/documents.ts';
import { manualClock } from '../../test/jobs.ts';
import { disguised, makePdf } from '../../test/pdfs.ts';
import { linkIn, mailsTo, signedInUser, type TestUser } from '../../test/users.ts';
import { unzip } from '../../test/zip.ts';
import { DOCUMENT_UPLOADS_PER_MINUTE } from '../../services/documents.ts';
import { attachment } from '../content-disposition.ts';

let ctx: TestContext;
let alice: { client: TestClient; user: TestUser };
let bob: { client: TestClient; user: TestUser };
let smallPdf: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  [alice, bob] = await Promise.all([signedInUser(ctx, { name: 'Alice Nguyen' }), signedInUser(ctx, { name: 'Bob Walker' })]);
  smallPdf = await makePdf({ pages: 2 });
});
afterAll(() => ctx.close());
afterEach(() => {
  expect(leftoverTempFiles(ctx.container)).toEqual([]);
});

function form(bytes: Buffer, filename = 'document.pdf', type = 'application/pdf'): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

function upload(client: TestClient, bytes: Buffer, filename?: string) {
  return client.request('/api/documents', { method: 'POST', body: form(bytes, filename) });
}

async function uploaded(client: TestClient, bytes: Buffer, filename?: string): Promise<{ id: string; file_size: number; filename: string }> {
  const res = await upload(client, bytes, filename);
  expect(res.status).toBe(201);
  return res.json();
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

async function freshAccount() {
  return signedInUser(ctx);
}

describe('POST /api/documents', () => {
  it('stores a PDF and answers the new row; the list and usage show it', async () => {
    const { client, user } = await freshAccount();
    const res = await upload(client, smallPdf, 'Quarterly BAS.pdf');
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({ filename: 'Quarterly BAS.pdf', file_size: smallPdf.length, page_count: 2, encrypted: false, deleted: false });

    const list = await (await client.request('/api/documents')).json();
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(list.items[0].id).toBe(doc.id);
    expect(await (await client.request('/api/usage')).json()).toEqual({ pdfs_processed: 0, storage_used: smallPdf.length, storage_limit: DEFAULT_STORAGE_LIMIT });
    expect(storedBlobs(ctx.container, user.id)).toEqual([doc.id]);
  });

  it.each(Object.entries(disguised))('refuses %s content named .pdf and declared application/pdf as a damaged PDF', async (_name, bytes) => {
    const { client, user } = await freshAccount();
    const res = await upload(client, bytes, 'invoice.pdf');
    expect(res.status).toBe(422);
    expect(await errorCode(res)).toBe('PDF_CORRUPT');
    expect(storedBlobs(ctx.container, user.id)).toEqual([]);
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: 0, stored: 0 });
  });

  it('refuses a file over 5 MB sent straight to the API', async () => {
    const { client, user } = await freshAccount();
    const res = await upload(client, await makePdf({ size: MAX_PDF_SIZE + 1 }), 'big.pdf');
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe('FILE_TOO_LARGE');
    expect(storedBlobs(ctx.container, user.id)).toEqual([]);
  });

  it('refuses an oversized streamed body that declares no length', async () => {
    const { client } = await freshAccount();
    const request = new Request('http://x/', { method: 'POST', body: form(await makePdf({ size: MAX_PDF_SIZE + 100_000 })) });
    const res = await client.request('/api/documents', {
      method: 'POST',
      body: request.body,
      headers: { 'content-type': request.headers.get('content-type')! },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('never over-books when ten uploads race for the last of the quota', async () => {
    const { client, user } = await freshAccount();
    const pdfs = await Promise.all(Array.from({ length: 10 }, (_, i) => makePdf({ size: 30_000 + i })));
    await setStorageLimit(ctx.container, user.id, 4 * 30_009);

    const responses = await Promise.all(pdfs.map((pdf, i) => upload(client, pdf, `race-${i}.pdf`)));

    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(4).fill(201), ...Array(6).fill(409)]);
    for (const res of responses.filter((r) => r.status === 409)) expect(await errorCode(res)).toBe('STORAGE_LIMIT_EXCEEDED');
    const ledger = await storageLedger(ctx.container, user.id);
    expect(ledger.charged).toBe(ledger.stored);
    expect(ledger.charged).toBeLessThanOrEqual(ledger.limit);
    expect(storedBlobs(ctx.container, user.id)).toHaveLength(4);
  });

  it('asks for multipart and one file', async () => {
    const { client } = await freshAccount();
    expect((await client.request('/api/documents', { method: 'POST', json: { file: 'x' } })).status).toBe(400);
    const two = form(smallPdf);
    two.append('file', new Blob([new Uint8Array(smallPdf)]), 'second.pdf');
    const res = await client.request('/api/documents', { method: 'POST', body: two });
    expect(res.status).toBe(400);
  });

  it('refuses a cross-site upload', async () => {
    const res = await alice.client.request('/api/documents', { method: 'POST', body: form(smallPdf), headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/documents', () => {
  let reader: { client: TestClient; user: TestUser };
  beforeAll(async () => {
    reader = await freshAccount();
    for (const name of ['Invoice_2024.pdf', 'invoice-2025.pdf', 'Receipt 100%.pdf', ...Array.from({ length: 10 }, (_, i) => `scan-${i}.pdf`)]) {
      await uploaded(reader.client, smallPdf, name);
    }
  });

  it('pages ten at a time with the exact total, newest first', async () => {
    const first = await (await reader.client.request('/api/documents?page=1')).json();
    const second = await (await reader.client.request('/api/documents?page=2')).json();
    expect(first.total).toBe(13);
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(3);
    expect(first.items[0].filename).toBe('scan-9.pdf');
    expect(second.items.at(-1).filename).toBe('Invoice_2024.pdf');
  });

  it('searches case-insensitively, taking % and _ literally', async () => {
    const names = async (search: string) =>
      ((await (await reader.client.request(`/api/documents?search=${encodeURIComponent(search)}`)).json()) as { items: { filename: string }[] }).items.map((d) => d.filename);
    expect(await names('INVOICE')).toEqual(['invoice-2025.pdf', 'Invoice_2024.pdf']);
    expect(await names('100%')).toEqual(['Receipt 100%.pdf']);
    expect(await names('e_2')).toEqual(['Invoice_2024.pdf']);
  });

  it('answers bad paging with field errors', async () => {
    for (const query of ['page=0', 'page=abc', 'page=1.5', `search=${'x'.repeat(256)}`]) {
      const res = await reader.client.request(`/api/documents?${query}`);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
  });

  it("shows only the account's own files", async () => {
    const list = await (await bob.client.request('/api/documents?search=scan')).json();
    expect(list.total).toBe(0);
  });
});

describe('GET /api/documents sorted', () => {
  let sorter: { client: TestClient; user: TestUser };
  beforeAll(async () => {
    sorter = await freshAccount();
    // Uploaded in this order; sizes grow with the page count.
    for (const [name, pages] of [['beta.pdf', 3], ['Alpha.pdf', 1], ['charlie.pdf', 2]] as const) {
      await uploaded(sorter.client, await makePdf({ pages }), name);
    }
  });

  const names = async (query: string) => {
    const res = await sorter.client.request(`/api/documents?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: { filename: string }[] }).items.map((d) => d.filename);
  };

  it('sorts by name ignoring case, by size, by pages and by upload time, either way', async () => {
    expect(await names('sort=name&order=asc')).toEqual(['Alpha.pdf', 'beta.pdf', 'charlie.pdf']);
    expect(await names('sort=name&order=desc')).toEqual(['charlie.pdf', 'beta.pdf', 'Alpha.pdf']);
    expect(await names('sort=size&order=desc')).toEqual(['beta.pdf', 'charlie.pdf', 'Alpha.pdf']);
    expect(await names('sort=pages&order=asc')).toEqual(['Alpha.pdf', 'charlie.pdf', 'beta.pdf']);
    expect(await names('sort=date&order=asc')).toEqual(['beta.pdf', 'Alpha.pdf', 'charlie.pdf']);
    expect(await names('sort=date&order=desc')).toEqual(['charlie.pdf', 'Alpha.pdf', 'beta.pdf']);
  });

  it('sorts within a search and keeps paging', async () => {
    expect(await names('sort=name&order=asc&search=A')).toEqual(['Alpha.pdf', 'beta.pdf', 'charlie.pdf']);
    expect(await names('sort=name&order=asc&search=ar')).toEqual(['charlie.pdf']);
  });

  it('refuses an unknown column or direction with field errors', async () => {
    for (const query of ['sort=filename', 'sort=uploaded_at;drop', 'order=up', 'sort=']) {
      const res = await sorter.client.request(`/api/documents?${query}`);
      expect(res.status, query).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/documents/zip', () => {
  const zipOf = (client: TestClient, ids: string[]) => client.request(`/api/documents/zip?ids=${ids.join(',')}`);

  it('streams the chosen documents as one ZIP, names made unique', async () => {
    const { client } = await freshAccount();
    const first = await uploaded(client, smallPdf, 'Report.pdf');
    const other = await makePdf({ pages: 1 });
    const second = await uploaded(client, other, 'report.pdf');
    await uploaded(client, smallPdf, 'not-chosen.pdf');

    const res = await zipOf(client, [first.id, second.id]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(attachment('documents.zip'));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual(['Report.pdf', 'report (2).pdf']);
    expect(entries.find((e) => e.name === 'Report.pdf')!.bytes.equals(smallPdf)).toBe(true);
    expect(entries.find((e) => e.name === 'report (2).pdf')!.bytes.equals(other)).toBe(true);
  });

  it("answers 404 when any id is not the caller's, a visitor's 404 too", async () => {
    const own = await uploaded(bob.client, smallPdf, 'bob.pdf');
    const foreign = await uploaded(alice.client, smallPdf, 'alice.pdf');
    for (const ids of [[foreign.id], [own.id, foreign.id], [own.id, randomUUID()]]) {
      const res = await zipOf(bob.client, ids);
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe('NOT_FOUND');
    }
    expect((await zipOf(ctx.client(), [foreign.id])).status).toBe(404);
  });

  it('refuses no ids, malformed ids and too many ids', async () => {
    const tooMany = Array.from({ length: MAX_DOCUMENTS_PER_ZIP + 1 }, () => randomUUID());
    for (const query of ['', 'ids=', 'ids=not-a-uuid', `ids=${tooMany.join(',')}`]) {
      const res = await alice.client.request(`/api/documents/zip?${query}`);
      expect(res.status, query.slice(0, 20)).toBe(400);
      expect(await errorCode(res)).toBe('VALIDATION_FAILED');
    }
  });

  it("zips a team space's documents for a member, and not from their personal space", async () => {
    const owner = await freshAccount();
    const created = await owner.client.request('/api/auth/organization/create', { method: 'POST', json: { name: 'Harbour Legal', slug: `harbour-${randomUUID().slice(0, 8)}` } });
    expect(created.status).toBe(200);
    const teamId = ((await created.json()) as { id: string }).id;
    await owner.client.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: teamId } });
    const teamDoc = await uploaded(owner.client, smallPdf, 'Contract.pdf');

    const member = await freshAccount();
    const invited = await owner.client.request('/api/auth/organization/invite-member', { method: 'POST', json: { email: member.user.email, role: 'member', organizationId: teamId } });
    expect(invited.status).toBe(200);
    const invitationId = linkIn(ctx, (await mailsTo(ctx, member.user.email))[0]!).split('/').pop()!;
    expect((await member.client.request('/api/auth/organization/accept-invitation', { method: 'POST', json: { invitationId } })).status).toBe(200);

    await member.client.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: null } });
    expect((await zipOf(member.client, [teamDoc.id])).status).toBe(404);
    await member.client.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: teamId } });
    const res = await zipOf(member.client, [teamDoc.id]);
    expect(res.status).toBe(200);
    expect((await unzip(Buffer.from(await res.arrayBuffer()))).map((e) => e.name)).toEqual(['Contract.pdf']);
  });
});

describe('GET /api/documents/:id/download', () => {
  it('serves the bytes under the original name, with the validated type, nosniff and a sandbox', async () => {
    const name = 'Résumé "final" 履歴書.pdf';
    const doc = await uploaded(alice.client, smallPdf, name);
    const res = await alice.client.request(`/api/documents/${doc.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(smallPdf.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Resume _final_ .pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf`);
    expect(Buffer.from(await res.arrayBuffer()).equals(smallPdf)).toBe(true);
  });
});

describe('owner only: 404 for foreign ids on every route', () => {
  let aliceDoc: { id: string };
  beforeAll(async () => {
    aliceDoc = await uploaded(alice.client, smallPdf, 'private.pdf');
  });

  const routes = (id: string) => [
    ['GET', `/api/documents/${id}/download`],
    ['DELETE', `/api/documents/${id}`],
  ] as const;

  it("answers 404 to another account, and changes nothing", async () => {
    const before = await storageLedger(ctx.container, alice.user.id);
    for (const [method, path] of routes(aliceDoc.id)) {
      const res = await bob.client.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await errorCode(res)).toBe('NOT_FOUND');
    }
    expect(await storageLedger(ctx.container, alice.user.id)).toEqual(before);
    expect((await alice.client.request(`/api/documents/${aliceDoc.id}/download`)).status).toBe(200);
  });

  it('answers 404 to a visitor', async () => {
    for (const [method, path] of routes(aliceDoc.id)) expect((await ctx.client().request(path, { method })).status).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd']) {
      for (const [method, path] of routes(id)) expect((await alice.client.request(path, { method })).status).toBe(404);
    }
  });

  it('asks a visitor to sign in for the list, uploads and usage', async () => {
    const visitor = ctx.client();
    expect((await visitor.request('/api/documents')).status).toBe(401);
    expect((await visitor.request('/api/documents', { method: 'POST', body: form(smallPdf) })).status).toBe(401);
    expect((await visitor.request('/api/usage')).status).toBe(401);
  });
});

describe('DELETE /api/documents/:id', () => {
  it('soft-deletes: gone from the list and its bytes freed at once', async () => {
    const { client, user } = await freshAccount();
    const keep = await uploaded(client, smallPdf, 'keep.pdf');
    const drop = await uploaded(client, smallPdf, 'drop.pdf');
    const res = await client.request(`/api/documents/${drop.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    const list = await (await client.request('/api/documents')).json();
    expect(list.items.map((d: { id: string }) => d.id)).toEqual([keep.id]);
    expect((await (await client.request('/api/usage')).json()).storage_used).toBe(keep.file_size);
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: keep.file_size, stored: keep.file_size });
    expect((await client.request(`/api/documents/${drop.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await client.request(`/api/documents/${drop.id}/download`)).status).toBe(404);
  });
});

describe('the upload rate', () => {
  const clock = manualClock();
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({}, { clock });
  });
  afterAll(() => limited.close());

  it('lets an account start a set number of uploads a minute, then says when to come back', async () => {
    const { client } = await signedInUser(limited);
    // Each request counts, refused or not: the check comes before the body is read.
    for (let i = 0; i < DOCUMENT_UPLOADS_PER_MINUTE; i++) {
      expect((await client.request('/api/documents', { method: 'POST', json: {} })).status).toBe(400);
    }
    clock.advance(20_000);
    const refused = await upload(client, smallPdf);
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe('RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBe('40');
    // Another account has its own allowance, and the next minute brings a fresh one.
    expect((await upload((await signedInUser(limited)).client, smallPdf)).status).toBe(201);
    clock.advance(40_000);
    expect((await upload(client, smallPdf)).status).toBe(201);
  });
});

describe('over a real socket', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((ready) => {
      server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready()) as Server;
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  it('answers 413 from Content-Length alone, before the body is sent', async () => {
    const { client } = await freshAccount();
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/documents',
        headers: { cookie: cookieOf(client), origin: ctx.container.config.publicUrl, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50 * 1024 * 1024) },
      });
      req.on('response', resolve);
      req.on('error', reject);
      req.flushHeaders(); // headers only: the 50 MB never leave
    });
    expect(res.statusCode).toBe(413);
    res.destroy();
  });

  it('leaves no bytes, no temp file and no charge when the client drops mid-upload', async () => {
    const { client, user } = await freshAccount();
    const framed = new Response(form(await makePdf({ size: 3 * 1024 * 1024 })));
    const contentType = framed.headers.get('content-type')!;
    const body = Buffer.from(await framed.arrayBuffer());
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/documents',
      headers: { cookie: cookieOf(client), origin: ctx.container.config.publicUrl, 'content-type': contentType, 'content-length': String(body.length) },
    });
    req.on('error', () => {});
    req.write(body.subarray(0, body.length / 2));
    // Cut the connection once the server is part-way through spooling the file.
    await expect.poll(() => leftoverTempFiles(ctx.container).length, { timeout: 10_000 }).toBe(1);
    req.destroy();
    // The server notices the reset and cleans up; wait for the temp file to go.
    await expect.poll(() => leftoverTempFiles(ctx.container), { timeout: 10_000 }).toEqual([]);
    expect(storedBlobs(ctx.container, user.id)).toEqual([]);
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: 0, stored: 0 });
    // And the next upload is served.
    expect((await upload(client, smallPdf)).status).toBe(201);
  });
});

describe('attachment()', () => {
  it.each([
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    ['a\\b"c.pdf', `attachment; filename="b_c.pdf"; filename*=UTF-8''b%22c.pdf`],
    ['\u202efdp.exe\u0085.pdf', `attachment; filename="fdp.exe.pdf"; filename*=UTF-8''fdp.exe.pdf`],
    ["it's (1)*.pdf", `attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`],
    ['履歴書', `attachment; filename="document.pdf"; filename*=UTF-8''%E5%B1%A5%E6%AD%B4%E6%9B%B8`],
  ])('%j', (name, header) => {
    expect(attachment(name)).toBe(header);
  });
});

describe('on an S3 bucket (s3rver on loopback)', () => {
  let s3ctx: TestContext;
  let s3: S3rver;
  let s3dir: string;
  beforeAll(async () => {
    s3dir = mkdtempSync(join(tmpdir(), 'wattle-s3rver-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: 'wattle-docs', configs: [] }] });
    const { port } = await s3.run();
    s3ctx = await createTestContext({
      S3_BUCKET: 'wattle-docs',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await s3ctx.close();
    await s3.close();
    rmSync(s3dir, { recursive: true, force: true });
  });

  it('uploads, downloads and deletes through the S3 driver chosen from S3_BUCKET', async () => {
    expect(s3ctx.container.blobStore.kind).toBe('s3');
    const { client, user } = await signedInUser(s3ctx);
    const pdf = await makePdf({ size: 2 * 1024 * 1024 });
    const doc = await uploaded(client, pdf, 'bucket.pdf');
    expect(await s3ctx.container.blobStore.stat(`pdfs/${user.id}/${doc.id}`)).toEqual({ size: pdf.length });
    const res = await client.request(`/api/documents/${doc.id}/download`);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await client.request(`/api/documents/${doc.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});
