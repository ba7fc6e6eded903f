import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { jobs, pdfFiles } from '@wattle/db';
import { buildCorpus } from '@wattle/pdf-engine/test/corpus';
import { PDFTEX_MANUALS } from '@wattle/pdf-engine/test/born-digital';
import { handWrittenPdf, textPdf, truncated } from '@wattle/pdf-engine/test/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob } from '../../test/jobs.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * Files that begin with %PDF but that no engine can read are refused when they are sent (422, naming
 * the damaged part), not accepted (202) to fail in their job; real producers' files are all accepted.
 */
let ctx: TestContext;
let client: TestClient;
let dir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  client = (await signedInUser(ctx)).client;
  dir = await mkdtemp(join(tmpdir(), 'wattle-damaged-'));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

const damaged = async (): Promise<[string, Buffer, string][]> => [
  ['a header with nothing behind it', Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n'), 'trailer'],
  ['the first half of a pdfTeX manual', truncated(await readFile(PDFTEX_MANUALS[0] ?? ''), 0.5), 'trailer'],
  ['a page tree that is a string', handWrittenPdf('(not a dictionary)'), 'page tree'],
];

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: Record<string, unknown> } }).error;

describe('a damaged file that begins with %PDF', () => {
  it('is refused by a tool job and by My Documents with PDF_CORRUPT, naming the file and the damaged part', async () => {
    for (const [name, bytes, part] of await damaged()) {
      const job = await postJob(client, jobForm('compress', [{ name: 'scan.pdf', bytes }]));
      expect(job.status, name).toBe(422);
      expect(await errorOf(job), name).toMatchObject({ code: 'PDF_CORRUPT', details: { filename: 'scan.pdf', part } });
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'scan.pdf');
      const upload = await client.request('/api/documents', { method: 'POST', body });
      expect(upload.status, name).toBe(422);
      expect(await errorOf(upload), name).toMatchObject({ code: 'PDF_CORRUPT', details: { filename: 'scan.pdf', part } });
    }
    expect(await ctx.container.db.select().from(jobs)).toEqual([]);
  });
});

describe('every input of a job is checked before it is accepted', () => {
  const damagedPdf = () => handWrittenPdf('(not a dictionary)');

  it('refuses a merge of more than ten files when one of them is damaged, naming it', async () => {
    const good = await textPdf(1);
    const files = Array.from({ length: 14 }, (_, i) => ({ name: `part-${i + 1}.pdf`, bytes: i === 11 ? damagedPdf() : good }));
    const res = await postJob(client, jobForm('merge', files));
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: 'PDF_CORRUPT', details: { filename: 'part-12.pdf', part: 'page tree' } });
    expect(await ctx.container.db.select().from(jobs)).toEqual([]);
  });

  it('refuses a stored document given by fileIds whose bytes are damaged', async () => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(await textPdf(1))], { type: 'application/pdf' }), 'Old contract.pdf');
    const stored = (await (await client.request('/api/documents', { method: 'POST', body })).json()) as { id: string };
    // A document kept from before the upload check, or damaged since: its bytes are no longer a readable PDF.
    const [row] = await ctx.container.db.select({ key: pdfFiles.filePath }).from(pdfFiles).where(eq(pdfFiles.id, stored.id));
    await ctx.container.blobStore.put(row!.key, damagedPdf());
    const res = await postJob(client, jobForm('compress', [], { fileIds: [stored.id] }));
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: 'PDF_CORRUPT', details: { filename: 'Old contract.pdf', part: 'page tree' } });
    expect(await ctx.container.db.select().from(jobs)).toEqual([]);
  });
});

describe("real producers' files", () => {
  it('are all accepted (202), repairable ones too', async () => {
    const corpus = await buildCorpus(join(dir, 'corpus'));
    const files = [
      ...corpus.map((f) => ({ name: f.name, path: f.path })),
      ...PDFTEX_MANUALS.map((path) => ({ name: `pdfTeX manual ${path.split('/').pop()}`, path })),
    ];
    for (const file of files) {
      const res = await postJob(client, jobForm('compress', [{ name: 'in.pdf', bytes: await readFile(file.path) }]));
      expect(res.status, `${file.name}: ${await res.clone().text()}`).toBe(202);
    }
    // Damage qpdf repairs (a wrong xref offset) is repaired by the tools: accepted.
    const good = handWrittenPdf('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
    const misplaced = Buffer.from(good.toString('latin1').replace(/0000000009 00000 n/, '0000000999 00000 n'), 'latin1');
    expect((await postJob(client, jobForm('compress', [{ name: 'moved.pdf', bytes: misplaced }]))).status).toBe(202);
    expect((await postJob(client, jobForm('compress', [{ name: 'plain.pdf', bytes: await textPdf(1) }]))).status).toBe(202);
  }, 240_000);
});
