import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '@wattle/shared';
import { startWorker } from '../../jobs/worker.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { jobForm, manualClock, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';

const KEY_REQUESTS_PER_MINUTE = 8;

/** API keys through the real app and worker: made from a session, used as `Authorization: Bearer`. */
describe('API keys', () => {
  let ctx: TestContext;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let pdf: Uint8Array;
  const clock = manualClock();

  beforeAll(async () => {
    ctx = await createTestContext({ API_KEY_REQUESTS_PER_MINUTE: String(KEY_REQUESTS_PER_MINUTE) }, { clock });
    worker = await startWorker(ctx.container, { periodic: false });
    pdf = await makePdf({ pages: 2 });
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });
  // A fresh rate-limit window for each test.
  beforeEach(() => clock.advance(61_000));

  /** A client as curl is: the key in the header, no cookies, no Origin. */
  const keyClient = (secret: string): TestClient => ({
    cookies: new Map(),
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${secret}`);
      return Promise.resolve(ctx.app.request(path, { ...init, headers }));
    },
  });

  const createKey = async (client: TestClient, body: object = { name: 'Invoices script' }) => {
    const res = await client.request('/api/v1/keys', { method: 'POST', json: body });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as CreatedApiKey;
  };
  const listKeys = async (client: TestClient) => ((await (await client.request('/api/v1/keys')).json()) as { items: ApiKey[] }).items;

  it('creates a key with its secret shown once, lists it by prefix and revokes it', async () => {
    const { client } = await signedInUser(ctx);
    const created = await createKey(client, { name: '  Invoices script ', expiresAt: new Date(clock.now().getTime() + 86_400_000).toISOString() });
    expect(created).toMatchObject({ name: 'Invoices script', status: 'active', lastUsedAt: null, revokedAt: null, usage: { jobs: 0, pages: 0 } });
    expect(created.secret).toMatch(/^wattle_[\w-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);

    const { secret, ...shown } = created;
    expect(await listKeys(client)).toEqual([shown]);
    expect(JSON.stringify(await listKeys(client))).not.toContain(secret);
    // Stored as a hash only.
    const stored = await ctx.container.db.execute(sql`select * from api_keys`);
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    expect((await client.request(`/api/v1/keys/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await listKeys(client))[0]).toMatchObject({ id: created.id, status: 'revoked' });
    expect((await client.request(`/api/v1/keys/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    // Another account's key is not found.
    const other = await signedInUser(ctx);
    const theirs = await createKey(other.client);
    expect((await client.request(`/api/v1/keys/${theirs.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await client.request('/api/v1/keys/not-an-id', { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a name left empty and an expiry in the past', async () => {
    const { client } = await signedInUser(ctx);
    const res = await client.request('/api/v1/keys', { method: 'POST', json: { name: ' ', expiresAt: new Date(clock.now().getTime() - 1000).toISOString() } });
    expect(res.status).toBe(400);
    const past = await client.request('/api/v1/keys', { method: 'POST', json: { name: 'Old', expiresAt: new Date(clock.now().getTime() - 1000).toISOString() } });
    expect(await past.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { fieldErrors: { expiresAt: ['Choose a time in the future'] } } } });
  });

  it("acts as the key's owner: the job is the owner's, counted on the key; another account's job is not found", async () => {
    const owner = await signedInUser(ctx);
    const stranger = await signedInUser(ctx);
    const theirJob = await (await postJob(stranger.client, jobForm('merge', [{ name: 'x.pdf', bytes: pdf }, { name: 'y.pdf', bytes: pdf }]))).json();
    const key = await createKey(owner.client);
    const api = keyClient(key.secret);

    const res = await postJob(api, jobForm('merge', [{ name: 'a.pdf', bytes: pdf }, { name: 'b.pdf', bytes: pdf }]));
    expect(res.status, await res.clone().text()).toBe(202);
    expect(res.headers.getSetCookie()).toEqual([]);
    const job = await waitForJob(api, (await res.json()).id);
    expect(job.status).toBe('succeeded');

    // The owner's session sees the output the key made.
    const outputs = (await (await owner.client.request('/api/v1/outputs')).json()) as { items: { jobId: string }[] };
    expect(outputs.items.map((o) => o.jobId)).toContain(job.id);
    expect((await api.request(`/api/v1/jobs/${theirJob.id}`)).status).toBe(404);

    const [listed] = await listKeys(owner.client);
    expect(listed!.usage).toEqual({ jobs: 1, pages: 4 });
    expect(listed!.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('answers a revoked, an expired and an unknown key alike: 401 with the same message', async () => {
    const { client } = await signedInUser(ctx);
    const revoked = await createKey(client);
    await client.request(`/api/v1/keys/${revoked.id}`, { method: 'DELETE' });
    const expiring = await createKey(client, { name: 'Short', expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    expect((await keyClient(expiring.secret).request('/api/v1/outputs')).status).toBe(200);
    clock.advance(61_000);

    const answers = [];
    for (const secret of [revoked.secret, expiring.secret, `wattle_${'x'.repeat(43)}`, 'not-even-a-key']) {
      const res = await keyClient(secret).request('/api/v1/outputs');
      expect(res.status).toBe(401);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      answers.push({ code: error.code, message: error.message });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ code: 'UNAUTHORIZED', message: 'The API key is not valid.' });
  });

  it('refuses a request with both a session cookie and a key', async () => {
    const { client } = await signedInUser(ctx);
    const key = await createKey(client);
    const res = await client.request('/api/v1/outputs', { headers: { authorization: `Bearer ${key.secret}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: 'Send either an API key or a session cookie, not both.' } });
  });

  it('skips the same-origin check for a key, which carries no cookies', async () => {
    const { client } = await signedInUser(ctx);
    const key = await createKey(client);
    const form = jobForm('merge', [{ name: 'a.pdf', bytes: pdf }, { name: 'b.pdf', bytes: pdf }]);
    const res = await keyClient(key.secret).request('/api/v1/jobs', { method: 'POST', body: form, headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(202);
    // A browser session from another site is still refused.
    expect((await client.request('/api/v1/keys', { method: 'POST', json: { name: 'x' }, headers: { origin: 'https://elsewhere.example' } })).status).toBe(403);
  });

  it('limits each key on its own', async () => {
    const { client } = await signedInUser(ctx);
    const first = keyClient((await createKey(client)).secret);
    const second = keyClient((await createKey(client)).secret);
    for (let i = 0; i < KEY_REQUESTS_PER_MINUTE; i++) expect((await first.request('/api/v1/outputs')).status).toBe(200);
    const limited = await first.request('/api/v1/outputs');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await second.request('/api/v1/outputs')).status).toBe(200);
    clock.advance(61_000);
    expect((await first.request('/api/v1/outputs')).status).toBe(200);
  });

  it('cannot make, list or revoke keys', async () => {
    const { client } = await signedInUser(ctx);
    const key = await createKey(client);
    const api = keyClient(key.secret);
    for (const [method, path] of [['POST', '/api/v1/keys'], ['GET', '/api/v1/keys'], ['DELETE', `/api/v1/keys/${key.id}`]] as const) {
      const res = await api.request(path, { method, ...(method === 'POST' && { body: JSON.stringify({ name: 'more' }), headers: { 'content-type': 'application/json' } }) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await listKeys(client)).toHaveLength(1);
    expect((await listKeys(client))[0]!.status).toBe('active');
    // Signed out: no keys either.
    expect((await ctx.client().request('/api/v1/keys')).status).toBe(401);
  });
});
