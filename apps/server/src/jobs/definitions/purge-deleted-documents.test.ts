import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pdfFiles, user } from '@wattle/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDocument, storeDocument } from '../../services/documents.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { storedBlobs } from '../../test/documents.ts';
import { makePdf } from '../../test/pdfs.ts';
import { purgeDeletedDocuments } from '../../services/retention.ts';
import { userOwner } from '../../domain/owner.ts';

const HOUR = 60 * 60 * 1000;
let ctx: TestContext;
let now: number;

beforeAll(async () => {
  ctx = await createTestContext();
  now = Date.UTC(2025, 5, 1);
  ctx.container.clock = { now: () => new Date(now) };
});
afterAll(() => ctx.close());

async function accountWithDeletedFiles(count: number, keep = 0): Promise<{ userId: string; deleted: string[]; kept: string[] }> {
  const userId = randomUUID().replaceAll('-', '');
  await ctx.container.db.insert(user).values({ id: userId, name: 'Sweeper Test', email: `${userId}@example.com.au` });
  const pdf = await makePdf();
  const ids: string[] = [];
  for (let i = 0; i < count + keep; i++) ids.push((await storeDocument(ctx.container, userOwner(userId), { filename: `f${i}.pdf`, stream: Readable.from([pdf]) })).id);
  for (const id of ids.slice(0, count)) await deleteDocument(ctx.container, userOwner(userId), id);
  return { userId, deleted: ids.slice(0, count), kept: ids.slice(count) };
}

async function purgedAt(id: string): Promise<Date | null> {
  const [row] = await ctx.container.db.select({ purgedAt: pdfFiles.purgedAt }).from(pdfFiles).where(eq(pdfFiles.id, id));
  return row!.purgedAt;
}

describe('purgeDeletedDocuments', () => {
  it('keeps deleted bytes during the grace period, then removes them and records when', async () => {
    const { userId, deleted, kept } = await accountWithDeletedFiles(2, 1);
    expect(await purgeDeletedDocuments(ctx.container, { graceMs: 24 * HOUR })).toBe(0);
    expect(storedBlobs(ctx.container, userId)).toHaveLength(3);

    now += 25 * HOUR;
    expect(await purgeDeletedDocuments(ctx.container, { graceMs: 24 * HOUR })).toBe(2);
    expect(storedBlobs(ctx.container, userId)).toEqual(kept);
    for (const id of deleted) expect(await purgedAt(id)).toEqual(new Date(now));
    // Idempotent: nothing left to do.
    expect(await purgeDeletedDocuments(ctx.container, { graceMs: 24 * HOUR })).toBe(0);
  });

  it('two sweepers at once purge every file exactly once between them', async () => {
    const { userId, deleted } = await accountWithDeletedFiles(110);
    now += 25 * HOUR;
    const counts = await Promise.all([purgeDeletedDocuments(ctx.container, { graceMs: HOUR }), purgeDeletedDocuments(ctx.container, { graceMs: HOUR })]);
    expect(counts[0]! + counts[1]!).toBe(110);
    expect(storedBlobs(ctx.container, userId)).toEqual([]);
    for (const id of deleted.slice(0, 5)) expect(await purgedAt(id)).not.toBeNull();
  });

  it('leaves a row unpurged when its bytes could not be removed, and retries later', async () => {
    const { userId, deleted } = await accountWithDeletedFiles(1);
    now += 25 * HOUR;
    const real = ctx.container.blobStore;
    ctx.container.blobStore = { ...real, delete: async () => Promise.reject(new Error('bucket unreachable')) };
    try {
      expect(await purgeDeletedDocuments(ctx.container, { graceMs: HOUR })).toBe(0);
    } finally {
      ctx.container.blobStore = real;
    }
    expect(await purgedAt(deleted[0]!)).toBeNull();
    expect(await purgeDeletedDocuments(ctx.container, { graceMs: HOUR })).toBe(1);
    expect(storedBlobs(ctx.container, userId)).toEqual([]);
  });
});
