import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { textPdf } from '@wattle/pdf-engine/test/fixtures';
import type { Webhook, WebhookDeliveryPage, WebhookWithSecret } from '@wattle/shared';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../../test/jobs.ts';
import { signedInUser } from '../../test/users.ts';
import { startWorker, type Worker } from '../../jobs/worker.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: answers each request with the next status in `statuses` (then 200), and says when requests arrive. */
function receiver() {
  const received: Received[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  let statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(statuses.shift() ?? 200).end();
      for (const w of waiting.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  return {
    received,
    server,
    answerWith: (next: number[]) => (statuses = next),
    /** Resolves once `count` requests have arrived in all. */
    until: (count: number) => new Promise<void>((resolve) => (received.length >= count ? resolve() : waiting.push({ count, resolve }))),
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

let ctx: TestContext;
let worker: Worker;
let alice: TestClient;
let bob: TestClient;
let hooks: ReturnType<typeof receiver>;
let base: string;

beforeAll(async () => {
  // Retries one second apart instead of 10 s, 1 min, …: the schedule is the container's. The receiver is on this machine.
  ctx = await createTestContext({ WEBHOOK_ALLOW_LOOPBACK: 'true' }, { webhookRetrySeconds: [1, 1] });
  worker = await startWorker(ctx.container, { periodic: false });
  [alice, bob] = (await Promise.all([signedInUser(ctx), signedInUser(ctx)])).map((u) => u.client) as [TestClient, TestClient];
  hooks = receiver();
  base = await hooks.start();
});
afterAll(async () => {
  hooks.server.closeAllConnections();
  hooks.server.close();
  await worker?.stop();
  await ctx?.close();
});

async function created(client: TestClient, json: Record<string, unknown>): Promise<WebhookWithSecret> {
  const res = await client.request('/api/v1/webhooks', { method: 'POST', json });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function deliveries(client: TestClient, webhookId: string): Promise<WebhookDeliveryPage> {
  const res = await client.request(`/api/v1/webhooks/${webhookId}/deliveries`);
  expect(res.status).toBe(200);
  return res.json();
}

async function upload(client: TestClient): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(await textPdf(1))], { type: 'application/pdf' }), 'invoice.pdf');
  const res = await client.request('/api/documents', { method: 'POST', body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('/api/v1/webhooks', () => {
  it('creates a webhook and shows its secret once; lists, reads, changes, rotates and deletes it', async () => {
    const { client } = await signedInUser(ctx);
    const hook = await created(client, { url: 'https://hooks.example.com.au/in', events: ['job.failed', 'job.failed'] });
    expect(hook).toMatchObject({ url: 'https://hooks.example.com.au/in', events: ['job.failed'], enabled: true });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = (await (await client.request('/api/v1/webhooks')).json()) as { items: Webhook[] };
    expect(list.items.map((w) => w.id)).toEqual([hook.id]);
    expect(JSON.stringify(list)).not.toContain(hook.secret);
    expect(await (await client.request(`/api/v1/webhooks/${hook.id}`)).json()).not.toHaveProperty('secret');

    const changed = await client.request(`/api/v1/webhooks/${hook.id}`, { method: 'PATCH', json: { enabled: false, events: ['document.created'] } });
    expect(await changed.json()).toMatchObject({ enabled: false, events: ['document.created'] });
    const rotated = (await (await client.request(`/api/v1/webhooks/${hook.id}/rotate-secret`, { method: 'POST' })).json()) as WebhookWithSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);

    expect((await client.request(`/api/v1/webhooks/${hook.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await client.request(`/api/v1/webhooks/${hook.id}`)).status).toBe(404);
  });

  it('refuses addresses that are not https (http only to this machine), long ones, and no events, field by field', async () => {
    const { client } = await signedInUser(ctx);
    const errors = async (json: Record<string, unknown>) => {
      const res = await client.request('/api/v1/webhooks', { method: 'POST', json });
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } }).error.details.fieldErrors;
    };
    expect(await errors({ url: 'ftp://hooks.example.com.au/in', events: ['job.failed'] })).toHaveProperty('url');
    expect(await errors({ url: 'http://hooks.example.com.au/in', events: ['job.failed'] })).toEqual({ url: ['Enter an https:// address'] });
    expect(await errors({ url: `https://hooks.example.com.au/${'a'.repeat(2000)}`, events: ['job.failed'] })).toHaveProperty('url');
    expect(await errors({ url: 'https://hooks.example.com.au/in', events: [] })).toHaveProperty('events');
    expect(await errors({ url: 'https://hooks.example.com.au/in', events: ['link.deleted'] })).toHaveProperty(['events.0']);
  });

  it('keeps to 10 webhooks an account', async () => {
    const { client } = await signedInUser(ctx);
    for (let i = 0; i < 10; i++) await created(client, { url: `https://hooks.example.com.au/${i}`, events: ['job.succeeded'] });
    const res = await client.request('/api/v1/webhooks', { method: 'POST', json: { url: 'https://hooks.example.com.au/11', events: ['job.succeeded'] } });
    expect(res.status).toBe(409);
  });

  it("answers 404 for another account's webhook and deliveries, and for no account 401", async () => {
    const hook = await created(alice, { url: 'https://hooks.example.com.au/alice', events: ['job.failed'] });
    expect((await bob.request(`/api/v1/webhooks/${hook.id}`)).status).toBe(404);
    expect((await bob.request(`/api/v1/webhooks/${hook.id}`, { method: 'PATCH', json: { enabled: false } })).status).toBe(404);
    expect((await bob.request(`/api/v1/webhooks/${hook.id}/deliveries`)).status).toBe(404);
    expect((await bob.request(`/api/v1/webhooks/${hook.id}/rotate-secret`, { method: 'POST' })).status).toBe(404);
    expect((await bob.request(`/api/v1/webhooks/${hook.id}/deliveries/${MISSING_ID}/resend`, { method: 'POST' })).status).toBe(404);
    expect((await bob.request(`/api/v1/webhooks/${hook.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.request('/api/v1/webhooks/not-an-id')).status).toBe(404);
    expect((await ctx.client().request('/api/v1/webhooks')).status).toBe(401);
    expect((await alice.request(`/api/v1/webhooks/${hook.id}`)).status).toBe(200);
    await alice.request(`/api/v1/webhooks/${hook.id}`, { method: 'DELETE' });
  });
});

describe('deliveries', () => {
  it('sends document.created signed per Standard Webhooks (checked with the reference library), retries twice and then delivers; Resend sends it again', async () => {
    const { client } = await signedInUser(ctx);
    const hook = await created(client, { url: `${base}/documents`, events: ['document.created'] });
    const before = hooks.received.length;
    hooks.answerWith([500, 503]);
    const documentId = await upload(client);

    await hooks.until(before + 3);
    const attempts = hooks.received.slice(before, before + 3);
    expect(attempts.map((r) => r.path)).toEqual(['/documents', '/documents', '/documents']);
    // One delivery: the same webhook-id on every attempt, so a receiver can drop repeats.
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const last = attempts[2]!;
    const verified = new StandardWebhook(hook.secret).verify(last.body, last.headers as Record<string, string>) as { type: string; data: { document: { id: string } } };
    expect(verified.type).toBe('document.created');
    expect(verified.data.document.id).toBe(documentId);
    expect(() => new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(last.body, last.headers as Record<string, string>)).toThrow();

    await vi.waitFor(async () => expect((await deliveries(client, hook.id)).items[0]).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 }), { timeout: 10_000, interval: 100 });
    const [delivery] = (await deliveries(client, hook.id)).items;
    expect(delivery).toMatchObject({ event: 'document.created', id: last.headers['webhook-id'], lastError: null, nextAttemptAt: null });

    const resent = await client.request(`/api/v1/webhooks/${hook.id}/deliveries/${delivery!.id}/resend`, { method: 'POST' });
    expect(resent.status).toBe(202);
    expect(await resent.json()).toMatchObject({ status: 'pending' });
    await hooks.until(before + 4);
    expect(hooks.received[before + 3]!.headers['webhook-id']).toBe(delivery!.id);
  });

  it('marks a delivery failed once its retries are spent, with the last answer', async () => {
    const { client } = await signedInUser(ctx);
    const hook = await created(client, { url: `${base}/failing`, events: ['document.created'] });
    const before = hooks.received.length;
    hooks.answerWith([500, 500, 410]);
    await upload(client);
    await hooks.until(before + 3);
    await vi.waitFor(async () => expect((await deliveries(client, hook.id)).items[0]).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 410, lastError: 'HTTP 410' }), { timeout: 10_000, interval: 100 });
  });

  it('sends link.viewed when a share link is opened', async () => {
    const { client } = await signedInUser(ctx);
    const hook = await created(client, { url: `${base}/links`, events: ['link.viewed'] });
    const documentId = await upload(client);
    const link = (await (await client.request('/api/v1/links', { method: 'POST', json: { documentId } })).json()) as { id: string; url: string };
    const before = hooks.received.length;
    const visit = await ctx.client().request(`/api/s/${link.url.split('/s/')[1]}/visits`, { method: 'POST', json: {} });
    expect(visit.status, await visit.clone().text()).toBeLessThan(300);

    await hooks.until(before + 1);
    const received = hooks.received.slice(before).find((r) => r.path === '/links')!;
    const event = new StandardWebhook(hook.secret).verify(received.body, received.headers as Record<string, string>);
    expect(event).toMatchObject({ type: 'link.viewed', data: { linkId: link.id, documentId, viewerEmail: null, viewCount: 1 } });
  });

  it('sends job.succeeded and job.failed when jobs finish', async () => {
    const { client } = await signedInUser(ctx);
    const hook = await created(client, { url: `${base}/jobs`, events: ['job.succeeded', 'job.failed'] });
    const before = hooks.received.length;
    const good = await postJob(client, jobForm('rotate', [{ name: 'a.pdf', bytes: await textPdf(1) }], { options: { angle: 90 } }));
    const goodJob = await waitForJob(client, (await good.json()).id);
    // An edit of a page the document does not have is accepted and fails in its job.
    const bad = await postJob(client, jobForm('edit', [{ name: 'a.pdf', bytes: await textPdf(1) }], { options: { operations: [{ type: 'note', page: 5, x: 10, y: 10, text: 'no such page' }] } }));
    const badJob = await waitForJob(client, (await bad.json()).id);
    expect([goodJob.status, badJob.status]).toEqual(['succeeded', 'failed']);

    await hooks.until(before + 2);
    const events = hooks.received
      .slice(before)
      .filter((r) => r.path === '/jobs')
      .map((r) => new StandardWebhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { jobId: string; error?: { code: string } } });
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'job.succeeded', data: expect.objectContaining({ jobId: goodJob.id }) }),
        expect.objectContaining({ type: 'job.failed', data: expect.objectContaining({ jobId: badJob.id, error: expect.objectContaining({ code: 'VALIDATION_FAILED' }) }) }),
      ]),
    );
  });

  it("sends batch.finished once, with its counts, when a batch's last job ends", async () => {
    const { client } = await signedInUser(ctx);
    const hook = await created(client, { url: `${base}/batches`, events: ['batch.finished'] });
    const before = hooks.received.length;
    const form = jobForm('rotate', [{ name: 'a.pdf', bytes: await textPdf(1) }, { name: 'b.pdf', bytes: await textPdf(2) }], { options: { angle: 90 } });
    const res = await postJob(client, form, '/api/v1/batches');
    expect(res.status).toBe(202);
    const batch = (await res.json()) as { id: string; jobs: { id: string }[] };
    for (const job of batch.jobs) await waitForJob(client, job.id);

    await hooks.until(before + 1);
    const received = hooks.received.slice(before).filter((r) => r.path === '/batches');
    expect(received).toHaveLength(1);
    const event = new StandardWebhook(hook.secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(event).toMatchObject({ type: 'batch.finished', data: { batchId: batch.id, tool: 'rotate', counts: { total: 2, succeeded: 2 } } });
  });
});
