import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { organization, pdfFiles, user } from '@wattle/db';
import { and, count, eq } from 'drizzle-orm';
import { DEFAULT_STORAGE_LIMIT, MAX_PDF_SIZE } from '@wattle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '@wattle/shared';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { leftoverTempFiles, setStorageLimit, storageLedger, storedBlobs } from '../test/documents.ts';
import { disguised, makePdf } from '../test/pdfs.ts';
import { deleteDocument, listDocumentsPage, openDocument, storeDocument, usageOf } from './documents.ts';
import { teamOwner, userOwner, type AccountOwner } from '../domain/owner.ts';
import { ownedByAccount } from '../repositories/owned-by.ts';

let ctx: TestContext;
let scratch: string;

beforeAll(async () => {
  ctx = await createTestContext();
  scratch = mkdtempSync(join(tmpdir(), 'wattle-docs-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => {
  expect(leftoverTempFiles(ctx.container)).toEqual([]);
});

async function newUser(): Promise<string> {
  const id = randomUUID().replaceAll('-', '');
  await ctx.container.db.insert(user).values({ id, name: 'Test User', email: `${id}@example.com.au` });
  return id;
}

function streamOf(bytes: Buffer): Readable {
  return Readable.from([bytes]);
}

async function expectCode(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toMatchObject({ code });
}

describe('storeDocument', () => {
  it('stores a streamed PDF with its page count, charges its size and announces the change', async () => {
    const userId = await newUser();
    const seen: AppEvent[] = [];
    const unsubscribe = ctx.container.events.subscribe(userId, (e) => seen.push(e));
    const pdf = await makePdf({ pages: 3 });

    const doc = await storeDocument(ctx.container, userOwner(userId), { filename: 'Quarterly BAS.pdf', stream: streamOf(pdf) });

    expect(doc).toMatchObject({ filename: 'Quarterly BAS.pdf', file_size: pdf.length, page_count: 3, encrypted: false, deleted: false });
    // The storage path holds the owner's id: it stays on the server.
    expect(doc).not.toHaveProperty('file_path');
    expect(await ctx.container.blobStore.stat(`pdfs/${userId}/${doc.id}`)).toEqual({ size: pdf.length });
    const opened = await openDocument(ctx.container, userOwner(userId), doc.id);
    expect(opened.contentType).toBe('application/pdf');
    expect((await buffer(opened.body)).equals(pdf)).toBe(true);
    expect(await usageOf(ctx.container, userOwner(userId))).toEqual({ pdfs_processed: 0, storage_used: pdf.length, storage_limit: DEFAULT_STORAGE_LIMIT });
    await expect.poll(() => seen.map((e) => e.type).sort()).toEqual(['documents.changed', 'usage.changed']);
    unsubscribe();
  });

  it('stores from a path and leaves the caller its file', async () => {
    const userId = await newUser();
    const path = join(scratch, 'merged.pdf');
    writeFileSync(path, await makePdf({ pages: 2 }));
    const doc = await storeDocument(ctx.container, userOwner(userId), { filename: 'merged.pdf', path });
    expect(doc.page_count).toBe(2);
    expect(existsSync(path)).toBe(true);
  });

  it('records that a password-protected PDF is encrypted', async () => {
    const userId = await newUser();
    const doc = await storeDocument(ctx.container, userOwner(userId), { filename: 'locked.pdf', stream: streamOf(await makePdf({ encrypted: true })) });
    expect(doc.encrypted).toBe(true);
  });

  it.each(Object.entries(disguised))('refuses %s content named .pdf as a damaged PDF, leaving no bytes and no charge', async (_name, bytes) => {
    const userId = await newUser();
    await expectCode(storeDocument(ctx.container, userOwner(userId), { filename: 'invoice.pdf', stream: streamOf(bytes) }), 'PDF_CORRUPT');
    expect(storedBlobs(ctx.container, userId)).toEqual([]);
    expect(await storageLedger(ctx.container, userId)).toMatchObject({ charged: 0, stored: 0 });
  });

  it('refuses a file that does not claim to be a PDF as a type not taken', async () => {
    const userId = await newUser();
    await expectCode(storeDocument(ctx.container, userOwner(userId), { filename: 'photo.png', stream: streamOf(disguised.png) }), 'UNSUPPORTED_FILE_TYPE');
    expect(storedBlobs(ctx.container, userId)).toEqual([]);
  });

  it('accepts exactly 5 MB and refuses one byte more while streaming', async () => {
    const userId = await newUser();
    const atLimit = await makePdf({ size: MAX_PDF_SIZE });
    expect((await storeDocument(ctx.container, userOwner(userId), { filename: 'at-limit.pdf', stream: streamOf(atLimit) })).file_size).toBe(MAX_PDF_SIZE);
    const over = await makePdf({ size: MAX_PDF_SIZE + 1 });
    await expectCode(storeDocument(ctx.container, userOwner(userId), { filename: 'over.pdf', stream: streamOf(over) }), 'FILE_TOO_LARGE');
    expect(storedBlobs(ctx.container, userId)).toHaveLength(1);
    expect(await storageLedger(ctx.container, userId)).toMatchObject({ charged: MAX_PDF_SIZE, stored: MAX_PDF_SIZE });
  });

  it('refuses a declared oversize or over-quota file without reading it', async () => {
    const userId = await newUser();
    const unread = () => new Readable({ read: () => { throw new Error('must not be read'); } });
    await expectCode(storeDocument(ctx.container, userOwner(userId), { filename: 'x.pdf', stream: unread(), size: MAX_PDF_SIZE + 1 }), 'FILE_TOO_LARGE');
    await setStorageLimit(ctx.container, userId, 1000);
    await expectCode(storeDocument(ctx.container, userOwner(userId), { filename: 'x.pdf', stream: unread(), size: 1001 }), 'STORAGE_LIMIT_EXCEEDED');
  });

  it('never over-books when ten stores race for the last of the quota', async () => {
    const userId = await newUser();
    const pdfs = await Promise.all(Array.from({ length: 10 }, (_, i) => makePdf({ pages: 1 + (i % 3), size: 20_000 + i })));
    // Room for exactly three of them, whichever three win.
    await setStorageLimit(ctx.container, userId, 3 * 20_009 + 5);

    const results = await Promise.allSettled(pdfs.map((pdf, i) => storeDocument(ctx.container, userOwner(userId), { filename: `race-${i}.pdf`, stream: streamOf(pdf) })));

    const stored = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(stored).toHaveLength(3);
    expect(refused.map((r) => r.reason.code)).toEqual(Array(7).fill('STORAGE_LIMIT_EXCEEDED'));
    const ledger = await storageLedger(ctx.container, userId);
    expect(ledger.charged).toBe(ledger.stored);
    expect(ledger.charged).toBeLessThanOrEqual(ledger.limit);
    expect(storedBlobs(ctx.container, userId)).toHaveLength(3);
  });

  it('charges nothing and keeps no row when the blob store fails', async () => {
    const userId = await newUser();
    const real = ctx.container.blobStore;
    ctx.container.blobStore = { ...real, put: async () => Promise.reject(new Error('bucket unreachable')) };
    try {
      await expect(storeDocument(ctx.container, userOwner(userId), { filename: 'a.pdf', stream: streamOf(await makePdf()) })).rejects.toThrow('bucket unreachable');
    } finally {
      ctx.container.blobStore = real;
    }
    expect(await storageLedger(ctx.container, userId)).toMatchObject({ charged: 0, stored: 0 });
    expect((await listDocumentsPage(ctx.container, userOwner(userId), { page: 1 })).total).toBe(0);
  });

  it('removes the written bytes when recording the row fails', async () => {
    const ghost = 'no-such-account';
    await expect(storeDocument(ctx.container, userOwner(ghost), { filename: 'a.pdf', stream: streamOf(await makePdf()) })).rejects.toThrow();
    expect(storedBlobs(ctx.container, ghost)).toEqual([]);
  });
});

describe("My Documents' total", () => {
  /** The space's live documents, counted row by row as the list did before it kept the count. */
  async function counted(owner: AccountOwner): Promise<number> {
    const [row] = await ctx.container.db.select({ n: count() }).from(pdfFiles).where(and(ownedByAccount(pdfFiles, owner), eq(pdfFiles.deleted, false)));
    return row!.n;
  }
  const total = async (owner: AccountOwner) => (await listDocumentsPage(ctx.container, owner, { page: 1 })).total;

  it("follows uploads, refusals, failures and deletes, in a person's space and a team's apart", async () => {
    const userId = await newUser();
    const teamId = randomUUID();
    await ctx.container.db.insert(organization).values({ id: teamId, name: 'Banksia Books', slug: `banksia-${teamId}` });
    const person = userOwner(userId);
    const team = teamOwner(teamId, userId, 'owner');
    const pdf = await makePdf();
    const store = (owner: AccountOwner, filename: string) => storeDocument(ctx.container, owner, { filename, stream: streamOf(pdf) });
    const check = async (mine: number, ours: number) => {
      expect([await total(person), await total(team)]).toEqual([mine, ours]);
      expect([await counted(person), await counted(team)]).toEqual([mine, ours]);
    };

    await check(0, 0);
    const [a, b] = [await store(person, 'a.pdf'), await store(person, 'b.pdf')];
    await store(team, 'ours.pdf');
    await check(2, 1);

    await setStorageLimit(ctx.container, userId, pdf.length * 2);
    await expectCode(store(person, 'c.pdf'), 'STORAGE_LIMIT_EXCEEDED');
    const real = ctx.container.blobStore;
    ctx.container.blobStore = { ...real, put: async () => Promise.reject(new Error('bucket unreachable')) };
    try {
      await expect(store(team, 'lost.pdf')).rejects.toThrow('bucket unreachable');
    } finally {
      ctx.container.blobStore = real;
    }
    await check(2, 1);

    await deleteDocument(ctx.container, person, a.id);
    await expectCode(deleteDocument(ctx.container, person, a.id), 'NOT_FOUND');
    await expectCode(deleteDocument(ctx.container, team, b.id), 'NOT_FOUND');
    await check(1, 1);
  });
});

describe('listing, opening and deleting', () => {
  let owner: string;
  let other: string;
  const names = ['Invoice_2024.pdf', 'invoice-2025.pdf', 'Receipt 100%.pdf', 'Tax return.PDF', 'notes.pdf', 'a_b.pdf', 'axb.pdf'];

  beforeAll(async () => {
    owner = await newUser();
    other = await newUser();
    const pdf = await makePdf();
    for (const [i, filename] of names.entries()) {
      ctx.container.clock = { now: () => new Date(Date.UTC(2025, 0, 1 + i)) };
      await storeDocument(ctx.container, userOwner(owner), { filename, stream: streamOf(pdf) });
    }
    ctx.container.clock = { now: () => new Date() };
    for (let i = 0; i < 12; i++) await storeDocument(ctx.container, userOwner(other), { filename: `other-${i}.pdf`, stream: streamOf(pdf) });
  });

  it('lists newest first, ten a page, with the exact total', async () => {
    const first = await listDocumentsPage(ctx.container, userOwner(other), { page: 1 });
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const second = await listDocumentsPage(ctx.container, userOwner(other), { page: 2 });
    expect(second.items).toHaveLength(2);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((d) => d.id)).size).toBe(12);
    expect(all.map((d) => d.uploaded_at)).toEqual([...all.map((d) => d.uploaded_at)].sort().reverse());
    expect((await listDocumentsPage(ctx.container, userOwner(other), { page: 3 })).items).toEqual([]);
  });

  it('searches part of the name in any case, with % and _ taken literally', async () => {
    const found = async (search: string) => (await listDocumentsPage(ctx.container, userOwner(owner), { page: 1, search })).items.map((d) => d.filename);
    expect(await found('INVOICE')).toEqual(['invoice-2025.pdf', 'Invoice_2024.pdf']);
    expect(await found('100%')).toEqual(['Receipt 100%.pdf']);
    expect(await found('%')).toEqual(['Receipt 100%.pdf']);
    expect(await found('a_b')).toEqual(['a_b.pdf']);
    expect(await found('.pdf')).toHaveLength(names.length);
    expect(await found('  ')).toHaveLength(names.length);
    expect(await found('nothing like it')).toEqual([]);
  });

  it('pages a search in the order asked, with the total on every page, past the last one too', async () => {
    const list = async (page: number, query: { search?: string; sort?: 'name'; order?: 'asc' } = {}) => listDocumentsPage(ctx.container, userOwner(other), { page, ...query });
    const unsearched = [...(await list(1)).items, ...(await list(2)).items].map((d) => d.id);
    const pages = await Promise.all([1, 2, 3].map((page) => list(page, { search: 'OTHER-' })));
    expect(pages.map((p) => p.total)).toEqual([12, 12, 12]);
    expect(pages.flatMap((p) => p.items.map((d) => d.id))).toEqual(unsearched);
    const byName = await list(1, { search: 'other-1', sort: 'name', order: 'asc' });
    expect(byName.items.map((d) => d.filename)).toEqual(['other-1.pdf', 'other-10.pdf', 'other-11.pdf']);
    expect(await list(9, { search: 'other-1', sort: 'name', order: 'asc' })).toMatchObject({ items: [], total: 3 });
  });

  it("never shows, opens or deletes another account's file", async () => {
    const [theirs] = (await listDocumentsPage(ctx.container, userOwner(other), { page: 1 })).items;
    await expectCode(openDocument(ctx.container, userOwner(owner), theirs!.id), 'NOT_FOUND');
    await expectCode(deleteDocument(ctx.container, userOwner(owner), theirs!.id), 'NOT_FOUND');
    await expectCode(openDocument(ctx.container, userOwner(owner), 'not-a-uuid'), 'NOT_FOUND');
    expect((await listDocumentsPage(ctx.container, userOwner(other), { page: 1 })).total).toBe(12);
  });

  it('soft-deletes: gone from the list, bytes freed at once, a second delete is NOT_FOUND', async () => {
    const before = await storageLedger(ctx.container, owner);
    const [doc] = (await listDocumentsPage(ctx.container, userOwner(owner), { page: 1, search: 'notes' })).items;
    await deleteDocument(ctx.container, userOwner(owner), doc!.id);
    const after = await storageLedger(ctx.container, owner);
    expect(after.charged).toBe(before.charged - doc!.file_size);
    expect(after.charged).toBe(after.stored);
    expect((await listDocumentsPage(ctx.container, userOwner(owner), { page: 1, search: 'notes' })).total).toBe(0);
    await expectCode(openDocument(ctx.container, userOwner(owner), doc!.id), 'NOT_FOUND');
    await expectCode(deleteDocument(ctx.container, userOwner(owner), doc!.id), 'NOT_FOUND');
    // The bytes stay until the sweeper's grace period ends.
    expect(storedBlobs(ctx.container, owner)).toContain(doc!.id);
  });
});

