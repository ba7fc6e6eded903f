import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { detectEngines } from '@wattle/pdf-engine';
import { PLAN_LIMITS } from '@wattle/shared';
import { OPEN_JOBS_RETRY_AFTER_SECONDS, VISITOR_OPEN_HEAVY_JOBS_PER_IP, VISITOR_OPEN_JOBS_PER_POOL } from '../../domain/caller-limits.ts';
import { dataPaths } from '../../data-dir.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { disguised, makePdf } from '../../test/pdfs.ts';
import { jobForm, manualClock, postJob } from '../../test/jobs.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * Submission and authorisation through the real app, without a worker: jobs stay queued, so every
 * check here is about what the API accepts, refuses and shows to whom.
 */
describe('jobs API: validation, limits and authorisation', () => {
  let ctx: TestContext;
  let pdf: Uint8Array;
  const clock = manualClock();

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
    pdf = await makePdf({ pages: 2 });
  });
  afterAll(() => ctx?.close());
  // Every test client shares one IP here: a fresh rate-limit window (an hour) for each test.
  beforeEach(() => clock.advance(60 * 60_000 + 1000));

  const file = (name = 'a.pdf', bytes = pdf) => ({ name, bytes });

  it('queues a job for a visitor, sets an HttpOnly anonymous cookie and shows the job only to them', async () => {
    const visitor = ctx.client();
    const res = await postJob(visitor, jobForm('merge', [file('one.pdf'), file('two.pdf')]));
    expect(res.status).toBe(202);
    const job = await res.json();
    expect(job).toMatchObject({ tool: 'merge', status: 'queued', progress: 0, finishedAt: null, outputs: [], batchId: null });
    expect(job.inputs.map((i: { filename: string }) => i.filename)).toEqual(['one.pdf', 'two.pdf']);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wattle_visitor='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie.split(';')[0]!.split('=')[1]!.length).toBeGreaterThanOrEqual(43);

    expect((await visitor.request(`/api/v1/jobs/${job.id}`)).status).toBe(200);
    // Another visitor, a signed-in user and nobody: 404, never 403.
    const other = ctx.client();
    await postJob(other, jobForm('merge', [file(), file()]));
    expect((await other.request(`/api/v1/jobs/${job.id}`)).status).toBe(404);
    expect((await ctx.client().request(`/api/v1/jobs/${job.id}`)).status).toBe(404);
    const { client: user } = await signedInUser(ctx);
    expect((await user.request(`/api/v1/jobs/${job.id}`)).status).toBe(404);
    expect((await user.request(`/api/v1/jobs/${job.id}/events`)).status).toBe(404);
    // The token is stored hashed: the database never holds the cookie's value.
    const stored = await ctx.container.db.execute(sql`select token_hash from visitor_sessions`);
    expect(JSON.stringify(stored)).not.toContain(cookie.split(';')[0]!.split('=')[1]!);
  });

  it("keeps account holders' jobs from each other", async () => {
    const a = await signedInUser(ctx);
    const b = await signedInUser(ctx);
    const res = await postJob(a.client, jobForm('rotate', [file()], { options: { angle: 180 } }));
    expect(res.status).toBe(202);
    const job = await res.json();
    expect((await a.client.request(`/api/v1/jobs/${job.id}`)).status).toBe(200);
    expect((await b.client.request(`/api/v1/jobs/${job.id}`)).status).toBe(404);
    expect((await b.client.request(`/api/v1/jobs/not-a-uuid`)).status).toBe(404);
    // No visitor cookie for account holders.
    expect(res.headers.getSetCookie().some((c) => c.startsWith('wattle_visitor='))).toBe(false);
  });

  it('answers a status from memory until the job changes, and from memory still only to its owner, before its expiry', async () => {
    const owner = await signedInUser(ctx);
    const job = await (await postJob(owner.client, jobForm('rotate', [file()], { options: { angle: 90 } }))).json();
    const status = async (client: TestClient) => {
      const res = await client.request(`/api/v1/jobs/${job.id}`);
      return res.status === 200 ? ((await res.json()) as { status: string }).status : res.status;
    };
    expect(await status(owner.client)).toBe('queued');
    // Changed behind the cache's back (no announcement): the owner is still answered from memory.
    await ctx.container.db.execute(sql`update jobs set status = 'running' where id = ${job.id}`);
    expect(await status(owner.client)).toBe('queued');
    // Everyone else is refused from memory just as the owner-scoped query refuses them: another account,
    // the owner acting in a team space, a visitor, nobody.
    const other = await signedInUser(ctx);
    expect(await status(other.client)).toBe(404);
    const teamRes = await owner.client.request('/api/auth/organization/create', { method: 'POST', json: { name: 'Cache team', slug: `cache-${randomUUID().slice(0, 8)}` } });
    const teamId = ((await teamRes.json()) as { id: string }).id;
    await owner.client.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: teamId } });
    expect(await status(owner.client)).toBe(404);
    await owner.client.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: null } });
    const visitor = ctx.client();
    await postJob(visitor, jobForm('merge', [file(), file()]));
    expect(await status(visitor)).toBe(404);
    expect(await status(ctx.client())).toBe(404);
    // Announced (as a worker does): the next answer is read again.
    await ctx.container.events.publishJobChanged(job.id);
    await expect.poll(() => status(owner.client)).toBe('running');
    // Past its expiry the cached job is gone too, as the query would have it.
    const expiresAt = Date.parse(job.expiresAt);
    clock.set(new Date(expiresAt + 1000));
    expect(await status(owner.client)).toBe(404);
  });

  it('reports every field problem at once', async () => {
    const res = await postJob(ctx.client(), jobForm('no-such-tool', [file()], { rawOptions: '{bad json' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.details.fieldErrors).sort()).toEqual(['options', 'tool']);

    const both = await postJob(ctx.client(), jobForm('split', [], { options: { mode: 'every', every: 0 } }));
    const errors = (await both.json()).error.details.fieldErrors;
    expect(errors['options.every']).toBeDefined();
    expect(errors.files).toBeDefined();
  });

  it('refuses absurd parameters with field errors, at once', async () => {
    const cases: [string, unknown][] = [
      ['pdf-to-image', { dpi: 1e6 }],
      ['watermark', { text: 'DRAFT', fontSize: 1e9 }],
      ['extract-pages', { pages: '1-999999999' }],
      ['split', { mode: 'ranges', ranges: `${'1,'.repeat(400)}1` }],
      ['page-numbers', { startAt: -5 }],
      ['protect', { userPassword: 'a\nb' }],
    ];
    for (const [tool, options] of cases) {
      const res = await postJob(ctx.client(), jobForm(tool, [file()], { options }));
      expect(res.status, `${tool} ${JSON.stringify(options)}`).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.details.fieldErrors).some((k) => k.startsWith('options'))).toBe(true);
    }
  });

  it('keeps job input names under the filename policy: no direction overrides, C1 controls or paths', async () => {
    const res = await postJob(ctx.client(), jobForm('merge', [file('..\\in\u202efdp.exe\u0085.pdf'), file('\u2066two\u200b.pdf')]));
    expect(res.status).toBe(202);
    expect((await res.json()).inputs.map((i: { filename: string }) => i.filename)).toEqual(['infdp.exe.pdf', 'two.pdf']);
  });

  it('checks the number of files against the tool', async () => {
    const one = await postJob(ctx.client(), jobForm('merge', [file()]));
    expect(one.status).toBe(400);
    expect((await one.json()).error.details.fieldErrors.files[0]).toMatch(/2 to 200/);
    const two = await postJob(ctx.client(), jobForm('compress', [file(), file()]));
    expect(two.status).toBe(400);
    const none = await postJob(ctx.client(), jobForm('compress', []));
    expect(none.status).toBe(400);
  });

  it('decides file types by content, not by name', async () => {
    for (const bytes of [disguised.html, disguised.png, disguised.headerOnly.subarray(0, 0)]) {
      const res = await postJob(ctx.client(), jobForm('compress', [{ name: 'looks.pdf', bytes }]));
      expect([400, 415, 422]).toContain(res.status);
    }
    // Named .pdf but not one: the PDF is damaged (or no PDF at all), not a type the tool refuses.
    for (const bytes of [disguised.html, disguised.png]) {
      const res = await postJob(ctx.client(), jobForm('compress', [{ name: 'looks.pdf', bytes }]));
      expect(res.status).toBe(422);
      expect((await res.json()).error).toMatchObject({ code: 'PDF_CORRUPT', message: expect.stringMatching(/damaged or is not a PDF/), details: { filename: 'looks.pdf' } });
    }
    const html = await postJob(ctx.client(), jobForm('compress', [{ name: 'page.html', bytes: disguised.html }]));
    expect(html.status).toBe(415);
    expect((await html.json()).error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', details: { filename: 'page.html', accepts: ['pdf'] } });
    // A real PDF named .docx is still a PDF: wrong for office-to-pdf.
    const office = await postJob(ctx.client(), jobForm('office-to-pdf', [{ name: 'letter.docx', bytes: pdf }]));
    expect(office.status).toBe(415);
  });

  it('enforces the size limit while streaming and leaves nothing behind', async () => {
    const big = await makePdf({ size: 10 * 1024 * 1024 + 10 });
    const res = await postJob(ctx.client(), jobForm('compress', [file('big.pdf', big)]));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: 'FILE_TOO_LARGE', details: { filename: 'big.pdf', maxBytes: 10 * 1024 * 1024 } });
    // An account holder may send it.
    const { client } = await signedInUser(ctx);
    expect((await postJob(client, jobForm('compress', [file('big.pdf', big)]))).status).toBe(202);
    expect(readdirSync(join(ctx.dataDir, 'tmp', 'tool-uploads'))).toEqual([]);
  });

  it('refuses fileIds that are not yours with 404, and without an account with 401', async () => {
    const visitor = await postJob(ctx.client(), jobForm('compress', [], { fileIds: [randomUUID()] }));
    expect(visitor.status).toBe(401);
    const { client } = await signedInUser(ctx);
    const foreign = await postJob(client, jobForm('compress', [], { fileIds: [randomUUID()] }));
    expect(foreign.status).toBe(404);
    const junk = await postJob(client, jobForm('compress', [], { rawOptions: '{}', fileIds: ['../../etc/passwd'] }));
    expect(junk.status).toBe(400);
  });

  it('runs tools on stored documents of the account', async () => {
    const { client } = await signedInUser(ctx);
    const form = new FormData();
    form.append('file', new Blob([pdf as BlobPart], { type: 'application/pdf' }), 'stored.pdf');
    const uploaded = await client.request('/api/documents', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const doc = await uploaded.json();
    const res = await postJob(client, jobForm('merge', [file('upload.pdf')], { fileIds: [doc.id] }));
    expect(res.status).toBe(202);
    expect((await res.json()).inputs.map((i: { filename: string }) => i.filename)).toEqual(['upload.pdf', 'stored.pdf']);
    // Another account cannot name it.
    const other = await signedInUser(ctx);
    expect((await postJob(other.client, jobForm('compress', [], { fileIds: [doc.id] }))).status).toBe(404);
  });

  it('answers 429 QUEUE_FULL when a pool is full, before reading the upload', async () => {
    const small = await createTestContext({ JOB_QUEUE_CAP: '2' });
    try {
      const { client } = await signedInUser(small);
      for (let i = 0; i < 2; i++) expect((await postJob(client, jobForm('rotate', [file()]))).status).toBe(202);
      // The tool's part and the start of a file whose body never ends: only an answer given before reading
      // the upload can arrive.
      const form = new Request('http://localhost/', { method: 'POST', body: jobForm('rotate', [file()]) });
      const bytes = new Uint8Array(await form.arrayBuffer());
      const start = bytes.subarray(0, Buffer.from(bytes).indexOf('name="files"') + 100);
      const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(start) });
      const res = await client.request('/api/v1/jobs', { method: 'POST', body, headers: { 'content-type': form.headers.get('content-type')! }, duplex: 'half' } as RequestInit);
      void body.cancel().catch(() => {});
      expect(res.status).toBe(429);
      expect((await res.json()).error.code).toBe('QUEUE_FULL');
      expect(res.headers.get('retry-after')).toBeTruthy();
      // Another pool still takes work.
      expect((await postJob(client, jobForm('office-to-pdf', [{ name: 'a.txt', bytes: new TextEncoder().encode('hello') }]))).status).toBe(202);
    } finally {
      await small.close();
    }
  });

  it("limits visitors to the table's jobs an hour per IP (an hour, not a minute), counted in the database", async () => {
    const visitor = ctx.client();
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const submit = () => visitor.request('/api/v1/jobs', { method: 'POST', body: jobForm('no-such-tool'), headers });
    const allowance = PLAN_LIMITS.visitor.jobsPerHour;
    for (let n = 0; n < allowance; n++) expect((await submit()).status, `job ${n + 1}`).toBe(400);
    const refused = await submit();
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    // A minute later the hour is not over yet; after the hour, the allowance is back.
    clock.advance(61_000);
    expect((await submit()).status).toBe(429);
    clock.advance(60 * 60_000);
    expect((await submit()).status).toBe(400);
  });

  it('gives an account at least what a visitor gets: a visitor spent on one address does not limit an account there', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.10' };
    const send = (client: TestClient) => client.request('/api/v1/jobs', { method: 'POST', body: jobForm('no-such-tool'), headers });
    const visitor = ctx.client();
    for (let n = 0; n < PLAN_LIMITS.visitor.jobsPerHour; n++) await send(visitor);
    expect((await send(visitor)).status).toBe(429);
    const { client } = await signedInUser(ctx);
    for (let n = 0; n <= PLAN_LIMITS.visitor.jobsPerHour; n++) expect((await send(client)).status, `job ${n + 1}`).toBe(400);
  });

  it('batches need an account', async () => {
    const res = await postJob(ctx.client(), jobForm('compress', [file()]), '/api/v1/batches');
    expect(res.status).toBe(401);
    expect((await ctx.client().request(`/api/v1/batches/${randomUUID()}`)).status).toBe(401);
  });

  it('a batch makes one job per input and only its owner sees it', async () => {
    const a = await signedInUser(ctx);
    const res = await postJob(a.client, jobForm('watermark', [file('x.pdf'), file('y.pdf'), file('z.pdf')], { options: { text: 'DRAFT' } }), '/api/v1/batches');
    expect(res.status).toBe(202);
    const batch = await res.json();
    expect(batch.counts).toEqual({ total: 3, queued: 3, running: 0, succeeded: 0, failed: 0 });
    expect(batch.jobs.map((j: { inputs: { filename: string }[] }) => j.inputs[0]!.filename)).toEqual(['x.pdf', 'y.pdf', 'z.pdf']);
    const b = await signedInUser(ctx);
    expect((await b.client.request(`/api/v1/batches/${batch.id}`)).status).toBe(404);
    expect((await b.client.request(`/api/v1/batches/${batch.id}/zip`)).status).toBe(404);
    expect((await b.client.request(`/api/v1/jobs/${batch.jobs[0].id}`)).status).toBe(404);
    // merge combines files: it cannot be a batch.
    const merge = await postJob(a.client, jobForm('merge', [file(), file()]), '/api/v1/batches');
    expect(merge.status).toBe(400);
  });

  it('answers ENGINE_UNAVAILABLE at once for a tool whose engine is missing', async () => {
    const report = await detectEngines();
    const noOffice = await createTestContext({}, { engines: { ...report, soffice: { available: false } } });
    try {
      const tools = await (await noOffice.client().request('/api/v1/tools')).json();
      expect(tools.tools.find((t: { id: string }) => t.id === 'office-to-pdf').available).toBe(false);
      const res = await postJob(noOffice.client(), jobForm('office-to-pdf', [{ name: 'a.txt', bytes: new TextEncoder().encode('hi') }]));
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
    } finally {
      await noOffice.close();
    }
  });

  it('refuses a body that is not multipart, and foreign-origin posts', async () => {
    const res = await ctx.client().request('/api/v1/jobs', { method: 'POST', json: { tool: 'merge' } });
    expect(res.status).toBe(400);
    const cross = await ctx.client().request('/api/v1/jobs', { method: 'POST', body: jobForm('merge'), headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
  });
});

/**
 * Caps on heavy work waiting or running, counted from the job rows: jobs stay queued here (no worker),
 * so each accepted job keeps counting. Visitors come from addresses a trusted proxy names.
 */
describe('jobs API: caps on open heavy work', () => {
  let ctx: TestContext;
  let pdf: Uint8Array;
  const clock = manualClock();
  let nextIp = 1;
  const newIp = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    const report = await detectEngines();
    // Pretend OCR's engines are installed: nothing runs here, only the queue is tested.
    const engines = { ...report, tesseract: { available: true, languages: ['eng'] }, pdftoppm: { available: true } };
    ctx = await createTestContext({ TRUSTED_PROXY: 'true' }, { clock, engines });
    pdf = await makePdf({ pages: 1 });
  });
  afterAll(() => ctx?.close());
  beforeEach(() => clock.advance(61_000));

  const send = (client: TestClient, ip: string, tool = 'compress', path = '/api/v1/jobs', files = 1) =>
    client.request(path, { method: 'POST', body: jobForm(tool, Array.from({ length: files }, (_, i) => ({ name: `${i}.pdf`, bytes: pdf }))), headers: { 'x-forwarded-for': ip } });

  const storedJobInputs = () => {
    const dir = join(dataPaths(ctx.dataDir).blobs, 'jobs');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((name) => /input-\d+$/.test(String(name))).length : 0;
  };

  async function expectRefused(res: Response, code: string) {
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe(code);
    expect(Number(res.headers.get('retry-after'))).toBe(OPEN_JOBS_RETRY_AFTER_SECONDS);
  }

  it("refuses a visitor's heavy job past their cap, with Retry-After, while light tools still run", async () => {
    const visitor = ctx.client();
    const ip = newIp();
    for (let i = 0; i < PLAN_LIMITS.visitor.heavyJobsAtOnce; i++) expect((await send(visitor, ip)).status).toBe(202);
    await expectRefused(await send(visitor, ip, 'ocr'), 'RATE_LIMITED');
    expect((await send(visitor, ip, 'rotate')).status).toBe(202);
  });

  it('caps the visitor sessions of one address together, also when they race', async () => {
    const ip = newIp();
    const stored = storedJobInputs();
    const answers = await Promise.all(Array.from({ length: VISITOR_OPEN_HEAVY_JOBS_PER_IP + 3 }, () => send(ctx.client(), ip)));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(VISITOR_OPEN_HEAVY_JOBS_PER_IP);
    for (const res of answers.filter((r) => r.status !== 202)) await expectRefused(res, 'RATE_LIMITED');
    // A submission refused in its transaction takes back the inputs it had stored.
    expect(storedJobInputs() - stored).toBe(VISITOR_OPEN_HEAVY_JOBS_PER_IP);
    // Another address is not held back by them.
    expect((await send(ctx.client(), newIp())).status).toBe(202);
  });

  it('lets an account keep more heavy work open, up to its own cap', async () => {
    const { client } = await signedInUser(ctx);
    const ip = newIp();
    for (let i = 0; i <= VISITOR_OPEN_HEAVY_JOBS_PER_IP; i++) expect((await send(client, ip)).status).toBe(202);
    let open = VISITOR_OPEN_HEAVY_JOBS_PER_IP + 1;
    // A batch is counted whole: one job more than the room left is refused, and none of it is kept.
    const stored = storedJobInputs();
    await expectRefused(await send(client, ip, 'compress', '/api/v1/batches', PLAN_LIMITS.free.heavyJobsAtOnce - open + 1), 'RATE_LIMITED');
    expect(storedJobInputs()).toBe(stored);
    // Batches fill the rest, well within the account's jobs an hour.
    while (open < PLAN_LIMITS.free.heavyJobsAtOnce) {
      const files = Math.min(50, PLAN_LIMITS.free.heavyJobsAtOnce - open);
      expect((await send(client, ip, 'compress', '/api/v1/batches', files)).status).toBe(202);
      open += files;
    }
    await expectRefused(await send(client, ip), 'RATE_LIMITED');
  });

  it("caps every visitor's share of a heavy pool, whatever their addresses; accounts still get in", async () => {
    for (let i = 0; i < VISITOR_OPEN_JOBS_PER_POOL.ocr; i++) expect((await send(ctx.client(), newIp(), 'ocr')).status).toBe(202);
    await expectRefused(await send(ctx.client(), newIp(), 'ocr'), 'QUEUE_FULL');
    // Other pools and accounts are not held back by it.
    expect((await send(ctx.client(), newIp(), 'compress')).status).toBe(202);
    const { client } = await signedInUser(ctx);
    expect((await send(client, newIp(), 'ocr')).status).toBe(202);
  });
});
