import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { PDFDocument } from '@cantoo/pdf-lib';
import { ghostscriptPdfa1 } from '@wattle/pdf-engine/test/corpus';
import { docxDocument } from '@wattle/pdf-engine/test/office-docs';
import { imageOnlyPdf, scanPdf, textPdf } from '@wattle/pdf-engine/test/fixtures';
import { childProcesses } from '@wattle/pdf-engine/test/harness';
import { jobs, notifications, pdfFiles, usageStatistics } from '@wattle/db';
import { processWorkDir } from '../data-dir.ts';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.ts';
import { jobForm, manualClock, postJob, waitForJob } from '../test/jobs.ts';
import { signedInUser } from '../test/users.ts';
import { setStorageLimit, storageLedger } from '../test/documents.ts';
import type { JobView } from '../services/tool-jobs/views.ts';
import { CORES } from '../domain/tool-pools.ts';
import { startWorker, type Worker } from './worker.ts';

/**
 * Jobs end to end through the real queue (pg-boss on the test database) and the real engines: submit
 * over HTTP, the worker runs the tool, the outputs come back through the API.
 */
describe('tool jobs through the queue', () => {
  let ctx: TestContext;
  let worker: Worker | undefined;
  const clock = manualClock();
  let pdf3: Buffer;

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
    pdf3 = await textPdf(3);
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  const run = async (client: TestClient, form: FormData): Promise<JobView> => {
    const res = await postJob(client, form);
    expect(res.status, await res.clone().text()).toBe(202);
    return waitForJob(client, (await res.json()).id);
  };
  const download = async (client: TestClient, url: string) => {
    const res = await client.request(url);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('tells an account holder when a long job finishes, and counts it once', async () => {
    const { client, user } = await signedInUser(ctx);
    const res = await postJob(client, jobForm('merge', [{ name: 'a.pdf', bytes: pdf3 }, { name: 'b.pdf', bytes: pdf3 }]));
    expect(res.status).toBe(202);
    // The job waits in the queue "for 11 seconds" before a worker exists.
    clock.advance(11_000);
    worker = await startWorker(ctx.container, { periodic: false });
    const job = await waitForJob(client, (await res.json()).id);
    expect(job.status).toBe('succeeded');
    expect(job.outputs).toHaveLength(1);
    expect(job.outputs[0]).toMatchObject({ filename: expect.stringMatching(/\.pdf$/), contentType: 'application/pdf', pages: 6 });
    const [usage] = await ctx.container.db.select().from(usageStatistics).where(eq(usageStatistics.userId, user.id));
    expect(usage!.pdfsProcessed).toBe(1);
    // Told after the job is seen finished (the account's notification follows its commit).
    await vi.waitFor(async () => {
      const notes = await ctx.container.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'job.finished')));
      expect(notes).toHaveLength(1);
    });
  });

  it('merges for a visitor; the signed link downloads without cookies, nothing else does', async () => {
    const visitor = ctx.client();
    const job = await run(visitor, jobForm('merge', [{ name: 'first.pdf', bytes: pdf3 }, { name: 'second.pdf', bytes: await textPdf(2) }]));
    expect(job.status).toBe('succeeded');
    const [output] = job.outputs;
    expect(output!.pages).toBe(5);
    expect(Date.parse(output!.expiresAt) - Date.parse(job.createdAt)).toBe(60 * 60_000);

    const signed = await ctx.client().request(output!.downloadUrl);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-disposition')).toMatch(/^attachment; filename=".+"; filename\*=UTF-8''/);
    expect(signed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(signed.headers.get('content-type')).toBe('application/pdf');
    const merged = await PDFDocument.load(Buffer.from(await signed.arrayBuffer()));
    expect(merged.getPageCount()).toBe(5);

    const bare = `/api/v1/outputs/${output!.id}/download`;
    expect((await visitor.request(bare)).status).toBe(200); // the owner's cookie
    expect((await ctx.client().request(bare)).status).toBe(404);
    expect((await ctx.client().request(`${output!.downloadUrl.slice(0, -3)}abc`)).status).toBe(404);
    expect((await ctx.client().request(output!.downloadUrl.replace(/expires=\d+/, 'expires=9999999999'))).status).toBe(404);
    // The visitor's Downloads list has it; another visitor's is empty.
    expect((await (await visitor.request('/api/v1/outputs')).json()).items.map((o: { id: string }) => o.id)).toContain(output!.id);
    expect((await (await ctx.client().request('/api/v1/outputs')).json()).items).toEqual([]);
  });

  it('splits by ranges into one PDF per range', async () => {
    const job = await run(ctx.client(), jobForm('split', [{ name: 'report.pdf', bytes: await textPdf(5) }], { options: { mode: 'ranges', ranges: '1-2,3,4-5' } }));
    expect(job.status).toBe('succeeded');
    expect(job.outputs.map((o) => o.pages)).toEqual([2, 1, 2]);
    expect(new Set(job.outputs.map((o) => o.filename)).size).toBe(3);
  });

  it('protects with a password, and unlocks with it; a wrong password fails with WRONG_PASSWORD without retrying', async () => {
    const visitor = ctx.client();
    const locked = await run(visitor, jobForm('protect', [{ name: 'secret.pdf', bytes: pdf3 }], { options: { userPassword: 'wattle-pass' } }));
    expect(locked.status).toBe('succeeded');
    const bytes = await download(visitor, locked.outputs[0]!.downloadUrl);
    await expect(PDFDocument.load(bytes)).rejects.toThrow();

    const wrong = await run(visitor, jobForm('unlock', [{ name: 'secret.pdf', bytes }], { options: { password: 'nope' } }));
    expect(wrong.status).toBe('failed');
    expect(wrong.error!.code).toBe('WRONG_PASSWORD');
    const [row] = await ctx.container.db.select().from(jobs).where(eq(jobs.id, wrong.id));
    expect(row!.attempts).toBe(1);
    expect(row!.options).toEqual({}); // the password does not outlive the job

    const unlocked = await run(visitor, jobForm('unlock', [{ name: 'secret.pdf', bytes }], { options: { password: 'wattle-pass' } }));
    expect(unlocked.status).toBe('succeeded');
    expect((await PDFDocument.load(await download(visitor, unlocked.outputs[0]!.downloadUrl))).getPageCount()).toBe(3);
  });

  it('compresses without ever returning a larger file', async () => {
    const job = await run(ctx.client(), jobForm('compress', [{ name: 'plain.pdf', bytes: pdf3 }], { options: { level: 'high' } }));
    expect(job.status).toBe('succeeded');
    expect(job.outputs[0]!.size).toBeLessThanOrEqual(pdf3.length);
  });

  // Heavy jobs' engines run on idle CPU (performance log §127), so a heavy job may use every core.
  it('gives a heavy job an engine a core: the pages of a scan are re-encoded side by side', async () => {
    const { client } = await signedInUser(ctx);
    const form = jobForm('compress', [{ name: 'scan.pdf', bytes: await scanPdf(2, 300) }], { options: { level: 'medium' } });
    let most = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        most = Math.max(most, imageEngineLanes());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const job = await run(client, form).finally(() => (watching = false));
    await watch;
    expect(job.status).toBe('succeeded');
    expect(most).toBe(Math.min(2, CORES));
  });

  it('says when a PDF/A input is no longer PDF/A, and not when it still is', async () => {
    const { client } = await signedInUser(ctx);
    const dir = mkdtempSync(join(tmpdir(), 'wattle-pdfa-'));
    try {
      const source = join(dir, 'source.pdf');
      writeFileSync(source, pdf3);
      const pdfa = readFileSync(await ghostscriptPdfa1(dir, source));
      const watermarked = await run(client, jobForm('watermark', [{ name: 'archive.pdf', bytes: pdfa }], { options: { text: 'COPY' } }));
      expect(watermarked.status).toBe('succeeded');
      expect(watermarked.outputs[0]!.notes).toEqual([{ code: 'PDFA_NOT_KEPT', message: expect.stringContaining('PDF/A-1b') }]);
      const rotated = await run(client, jobForm('rotate', [{ name: 'archive.pdf', bytes: pdfa }]));
      expect(rotated.status).toBe('succeeded');
      expect(rotated.outputs[0]!.notes).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged PDF when it is sent, with PDF_CORRUPT and a readable message (decision 135)', async () => {
    const res = await postJob(ctx.client(), jobForm('rotate', [{ name: 'broken.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF') }]));
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'PDF_CORRUPT', message: expect.stringMatching(/damaged|could not/i), details: { filename: 'broken.pdf' } });
    expect(JSON.stringify(error)).not.toMatch(/at .*\.ts|Error:/);
  });

  it("holds visitors to 50 pages a document and lets an account holder past that", async () => {
    const big = await textPdf(51);
    const visitor = await run(ctx.client(), jobForm('rotate', [{ name: 'long.pdf', bytes: big }]));
    expect(visitor.status).toBe('failed');
    expect(visitor.error!.code).toBe('LIMIT_EXCEEDED');
    const { client } = await signedInUser(ctx);
    expect((await run(client, jobForm('rotate', [{ name: 'long.pdf', bytes: big }]))).status).toBe('succeeded');
  });

  it('reads the text of a scanned page (OCR)', async () => {
    const job = await run(ctx.client(), jobForm('ocr', [{ name: 'scan.pdf', bytes: await imageOnlyPdf('Wattle invoice') }]));
    expect(job.status).toBe('succeeded');
    const dir = mkdtempSync(join(tmpdir(), 'ocr-out-'));
    try {
      const path = join(dir, 'out.pdf');
      writeFileSync(path, await download(ctx.client(), job.outputs[0]!.downloadUrl));
      expect(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' })).toMatch(/Wattle/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('converts an Office document to PDF', async () => {
    const job = await run(ctx.client(), jobForm('office-to-pdf', [{ name: 'report.docx', bytes: await docxDocument(2) }]));
    expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
    expect(job.outputs[0]!.pages).toBeGreaterThanOrEqual(2);
  });

  it('runs a batch, zips it, notifies once, saves to My Documents and deletes outputs', async () => {
    const { client, user } = await signedInUser(ctx);
    const form = jobForm('rotate', [{ name: 'a.pdf', bytes: pdf3 }, { name: 'a.pdf', bytes: pdf3 }, { name: '../../evil.pdf', bytes: pdf3 }], { options: { angle: 90 } });
    const res = await postJob(client, form, '/api/v1/batches');
    expect(res.status).toBe(202);
    const batch = await res.json();
    for (const job of batch.jobs) expect((await waitForJob(client, job.id)).status).toBe('succeeded');
    const done = await (await client.request(`/api/v1/batches/${batch.id}`)).json();
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, counts: { total: 3, succeeded: 3 } });

    const zip = await client.request(done.zipUrl);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const names = await zipEntries(Buffer.from(await zip.arrayBuffer()));
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).not.toMatch(/[\\/]|^\./);

    await vi.waitFor(async () => {
      const notes = await ctx.container.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'batch.finished')));
      expect(notes).toHaveLength(1);
      expect(notes[0]!.body).toBe('3 of 3 files were processed.');
    });

    const output = done.jobs[0].outputs[0];
    const saved = await client.request(`/api/v1/outputs/${output.id}/save`, { method: 'POST' });
    expect(saved.status).toBe(201);
    const { document } = await saved.json();
    expect(document).toMatchObject({ filename: output.filename, page_count: 3 });
    const listed = (await (await client.request('/api/v1/outputs')).json()).items;
    expect(listed.find((o: { id: string }) => o.id === output.id).savedDocumentId).toBe(document.id);
    // Visitors cannot save; another account cannot see, save or delete it.
    expect((await ctx.client().request(`/api/v1/outputs/${output.id}/save`, { method: 'POST' })).status).toBe(401);
    const other = await signedInUser(ctx);
    expect((await other.client.request(`/api/v1/outputs/${output.id}/save`, { method: 'POST' })).status).toBe(404);
    expect((await other.client.request(`/api/v1/outputs/${output.id}`, { method: 'DELETE' })).status).toBe(404);

    // Saving counts against the storage quota.
    await setStorageLimit(ctx.container, user.id, document.file_size + 10);
    const over = await client.request(`/api/v1/outputs/${done.jobs[1].outputs[0].id}/save`, { method: 'POST' });
    expect(over.status).toBe(409);
    expect((await over.json()).error.code).toBe('STORAGE_LIMIT_EXCEEDED');

    expect((await client.request(`/api/v1/outputs/${output.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.request(output.downloadUrl)).status).toBe(404);
    expect((await client.request(`/api/v1/outputs/${output.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('saves an output once however many saves race: one document, charged once, the same answer to all', async () => {
    const { client, user } = await signedInUser(ctx);
    const job = await run(client, jobForm('rotate', [{ name: '\u202efdp\u0085.pdf', bytes: pdf3 }], { options: { angle: 90 } }));
    const output = job.outputs[0]!;
    // The output's name keeps no direction override or control character.
    expect(output.filename).toBe('fdp-rotated.pdf');
    const save = () => client.request(`/api/v1/outputs/${output.id}/save`, { method: 'POST' });

    const answers = await Promise.all(Array.from({ length: 6 }, save));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).document.id)));
    expect(ids.size).toBe(1);
    const [documentId] = ids;
    // No other row was made, not even a deleted one, and the quota was charged once.
    expect((await ctx.container.db.select().from(pdfFiles).where(eq(pdfFiles.userId, user.id))).map((d) => d.id)).toEqual([documentId]);
    expect(await storageLedger(ctx.container, user.id)).toMatchObject({ charged: output.size, stored: output.size });

    // A later save answers with the same document; once that is deleted, saving makes a new one.
    const later = await save();
    expect(later.status).toBe(200);
    expect((await later.json()).document.id).toBe(documentId);
    expect((await client.request(`/api/documents/${documentId}`, { method: 'DELETE' })).status).toBe(204);
    const fresh = await save();
    expect(fresh.status).toBe(201);
    expect((await fresh.json()).document).toMatchObject({ id: expect.not.stringMatching(documentId!), filename: 'fdp-rotated.pdf' });
  });

  it('leaves no scratch dirs behind', () => {
    const leftovers = readdirSync(processWorkDir(ctx.dataDir)).filter((name) => name !== 'office');
    expect(leftovers).toEqual([]);
  });
});

/** Lanes of the image engines (compress) this process's engine launcher is running. */
function imageEngineLanes(): number {
  let lanes = 0;
  for (const { pid } of childProcesses()) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
      if (args.some((arg) => arg.endsWith('reencode-main.ts'))) lanes += Number(args.at(-2));
    } catch {
      // gone while we looked
    }
  }
  return lanes;
}

function zipEntries(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
