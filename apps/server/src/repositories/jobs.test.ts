import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobInputs, jobOutputs } from '@wattle/db';
import { userOwner } from '../domain/owner.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { signedInUser } from '../test/users.ts';
import { claimJob, completeJob, findBatchJobs, findJob, insertJob } from './jobs.ts';
import { insertBatch } from './batches.ts';

/** A job is read with its inputs and outputs in one statement; what comes back must be what plain selects give. */
describe('reading jobs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function jobWithParts(batchId: string | null = null, batchPosition: number | null = null) {
    const { user } = await signedInUser(ctx);
    const owner = userOwner(user.id);
    const id = randomUUID();
    const createdAt = new Date('2026-11-24T01:02:03.456Z');
    const expiresAt = new Date('2026-11-24T02:02:03.456Z');
    if (batchId) await insertBatch(ctx.container.db, owner, { id: batchId, tool: 'merge', createdAt, expiresAt });
    const inputs = [2, 0, 1].map((position) => ({ position, filename: `part ${position}.pdf`, blobKey: `jobs/${id}/input-${position}`, documentId: null, size: 5_000_000_000 + position, kind: 'pdf' }));
    const inserted = await insertJob(ctx.container.db, owner, { id, tool: 'merge', options: { rotations: [90] }, pool: 'light', createdAt, expiresAt, batchId, batchPosition }, inputs);
    // What the insert gives back is what a read gives before there are outputs.
    expect(inserted).toEqual(await findJob(ctx.container.db, owner, id, createdAt));
    await ctx.container.db.insert(jobOutputs).values([
      { jobId: id, userId: user.id, position: 1, filename: 'b.pdf', blobKey: `jobs/${id}/1`, contentType: 'application/pdf', size: 12, pages: null, createdAt, expiresAt },
      { jobId: id, userId: user.id, position: 0, filename: 'a.pdf', blobKey: `jobs/${id}/0`, contentType: 'application/pdf', size: 34, pages: 3, notes: [{ code: 'PDFA_NOT_KEPT', message: 'Not PDF/A.' }], createdAt, expiresAt },
    ]);
    return { id, owner, now: new Date('2026-11-24T01:30:00Z') };
  }

  const plainParts = async (id: string) => ({
    inputs: await ctx.container.db.select().from(jobInputs).where(eq(jobInputs.jobId, id)).orderBy(asc(jobInputs.position)),
    outputs: await ctx.container.db.select().from(jobOutputs).where(eq(jobOutputs.jobId, id)).orderBy(asc(jobOutputs.position)),
  });

  it('gives the inputs and outputs in position order, typed as a plain select types them', async () => {
    const { id, owner, now } = await jobWithParts();
    const record = await findJob(ctx.container.db, owner, id, now);
    expect(record!.job).toMatchObject({ id, options: { rotations: [90] }, createdAt: new Date('2026-11-24T01:02:03.456Z') });
    expect({ inputs: record!.inputs, outputs: record!.outputs }).toEqual(await plainParts(id));
    expect(record!.outputs.map((o) => o.filename)).toEqual(['a.pdf', 'b.pdf']);
    expect(record!.outputs[0]!.createdAt).toBeInstanceOf(Date);
    // The worker's claim reads the inputs in the same statement, and no outputs: a running job has none yet.
    const claimed = await claimJob(ctx.container.db, id, now);
    expect(claimed).toEqual({ job: { ...record!.job, status: 'running', attempts: 1, startedAt: now }, inputs: record!.inputs, outputs: [] });
  });

  it('gives empty lists for a job with no parts yet, and each job of a batch its own parts', async () => {
    const batchId = randomUUID();
    const first = await jobWithParts(batchId, 0);
    const { user } = await signedInUser(ctx);
    const bare = randomUUID();
    const at = new Date('2026-11-24T01:00:00Z');
    await insertJob(ctx.container.db, userOwner(user.id), { id: bare, tool: 'merge', options: {}, pool: 'light', createdAt: at, expiresAt: at }, []);
    expect(await claimJob(ctx.container.db, bare, at)).toMatchObject({ inputs: [], outputs: [] });
    const batch = await findBatchJobs(ctx.container.db, batchId);
    expect(batch).toHaveLength(1);
    expect({ inputs: batch[0]!.inputs, outputs: batch[0]!.outputs }).toEqual(await plainParts(first.id));
  });

  it("stores a finished job's outputs as given, whatever their names hold, and gives back what a read gives", async () => {
    const { user } = await signedInUser(ctx);
    const owner = userOwner(user.id);
    const id = randomUUID();
    const createdAt = new Date('2026-11-24T01:02:03.456Z');
    await insertJob(ctx.container.db, owner, { id, tool: 'split', options: {}, pool: 'light', createdAt, expiresAt: new Date('2026-11-24T02:02:03.456Z') }, []);
    await claimJob(ctx.container.db, id, createdAt);
    const names = ['a "quoted" \\ name.pdf', 'ਪੰਜਾਬੀ — عربي — 中文 — Tiếng Việt 📄.pdf', "it's {json}: [1,2].pdf"];
    const outputs = names.map((filename, position) => ({ position, filename, blobKey: `jobs/${id}/${position}-x.pdf`, contentType: 'application/pdf', size: 9_000_000_000 + position, pages: position || null, notes: position === 1 ? [{ code: 'PDFA_NOT_KEPT' as const, message: 'No longer "PDF/A".' }] : [] }));
    const finished = await completeJob(ctx.container.db, id, outputs, new Date('2026-11-24T01:05:00.001Z'));
    const stored = await ctx.container.db.select().from(jobOutputs).where(eq(jobOutputs.jobId, id)).orderBy(asc(jobOutputs.position));
    expect(finished!.outputs).toEqual(stored);
    expect(stored.map((o) => [o.filename, o.size, o.pages, o.notes])).toEqual(outputs.map((o) => [o.filename, o.size, o.pages, o.notes]));
    expect(stored[0]).toMatchObject({ userId: user.id, visitorSessionId: null, createdAt: new Date('2026-11-24T01:05:00.001Z'), expiresAt: new Date('2026-11-24T02:02:03.456Z') });
  });
});
