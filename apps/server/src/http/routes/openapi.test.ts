import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shared from '@wattle/shared';
import {
  appConfigSchema,
  companyInfoSchema,
  componentName,
  dashboardSummarySchema,
  documentPageSchema,
  documentSchema,
  documentVersionListSchema,
  filedSupportTicketSchema,
  healthSchema,
  jobSchema,
  markedReadSchema,
  notificationPageSchema,
  profileResponseSchema,
  unreadCountSchema,
  usageSchema,
  type ApiSchema,
  type Batch,
  type Job,
} from '@wattle/shared';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';
import { openApiDocument } from './openapi.ts';

/**
 * The contract test: the OpenAPI document is valid 3.1, and every route it documents, called on the
 * real app (a signed-in user, a visitor, jobs finished by the real queue), answers the schema the
 * document names for that status. The schemas are strict: a field too many or too few fails.
 */

type Operation = { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Every registered contract schema by its component name, as the document names it. */
const componentSchemas = new Map<string, ApiSchema>(
  (Object.values(shared) as unknown[])
    .filter((value): value is ApiSchema => !!value && typeof value === 'object' && shared.apiComponents.has(value as ApiSchema))
    .map((schema) => [componentName(schema), schema]),
);

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function expectShape(schema: ApiSchema, body: unknown, label: string) {
  const parsed = schema.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues, `${label}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
}

/** The SSE events' data, one JSON value each. */
function sseData(text: string): unknown[] {
  return text
    .split('\n\n')
    .flatMap((block) => block.split('\n').filter((line) => line.startsWith('data: ')))
    .map((line) => JSON.parse(line.slice(6)));
}

describe('OpenAPI contract', () => {
  let ctx: TestContext;
  let worker: Worker;
  let doc: OpenApi;
  let user: TestClient;
  let visitor: TestClient;
  let job: Job;
  let batch: Batch;
  let discardedOutputId: string;
  let link: { id: string; documentId: string };
  let discardedLinkId: string;
  let keyed: TestClient;
  let discardedKeyId: string;
  let webhookId: string;
  let discardedWebhookId: string;
  let deliveryId: string;
  let teamOwner: TestClient;

  const submit = async (client: TestClient, path = '/api/v1/jobs') => postJob(client, jobForm('rotate', [{ name: 'a.pdf', bytes: await makePdf({ pages: 1 }) }]), path);

  beforeAll(async () => {
    ctx = await createTestContext({ WEBHOOK_ALLOW_LOOPBACK: 'true' }); // a webhook on this machine (a closed port)
    worker = await startWorker(ctx.container, { periodic: false });
    doc = openApiDocument(ctx.container) as unknown as OpenApi;
    user = (await signedInUser(ctx)).client;
    visitor = ctx.client();

    job = await waitForJob(user, (await (await submit(user)).json()).id);
    discardedOutputId = (await waitForJob(user, (await (await submit(user)).json()).id)).outputs[0]!.id;
    const form = jobForm('rotate', [
      { name: 'a.pdf', bytes: await makePdf({ pages: 1 }) },
      { name: 'b.pdf', bytes: await makePdf({ pages: 2 }) },
    ]);
    const created = (await (await postJob(user, form, '/api/v1/batches')).json()) as Batch;
    for (const each of created.jobs) await waitForJob(user, each.id);
    batch = (await (await user.request(`/api/v1/batches/${created.id}`)).json()) as Batch;
    expect(job.status).toBe('succeeded');
    expect(batch.status).toBe('succeeded');

    const shared = new FormData();
    shared.append('file', new Blob([(await makePdf({ pages: 1 })) as BlobPart], { type: 'application/pdf' }), 'shared.pdf');
    const documentId = ((await (await user.request('/api/documents', { method: 'POST', body: shared })).json()) as { id: string }).id;
    link = (await (await user.request('/api/v1/links', { method: 'POST', json: { documentId } })).json()) as typeof link;
    discardedLinkId = ((await (await user.request('/api/v1/links', { method: 'POST', json: { documentId } })).json()) as { id: string }).id;
    const { secret } = (await (await user.request('/api/v1/keys', { method: 'POST', json: { name: 'Contract' } })).json()) as { secret: string };
    // As curl sends it: the key, no cookies, no Origin.
    keyed = { cookies: new Map(), request: async (path, init = {}) => ctx.app.request(path, { ...init, headers: { ...init.headers, authorization: `Bearer ${secret}` } }) };
    discardedKeyId = ((await (await user.request('/api/v1/keys', { method: 'POST', json: { name: 'Discarded' } })).json()) as { id: string }).id;
    // Webhooks made with the API key; a stored document gives one a delivery (to a closed port: it fails, which is fine here).
    const hook = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['document.created'] }) };
    webhookId = ((await (await keyed.request('/api/v1/webhooks', hook)).json()) as { id: string }).id;
    discardedWebhookId = ((await (await keyed.request('/api/v1/webhooks', hook)).json()) as { id: string }).id;
    const stored = new FormData();
    stored.append('file', new Blob([(await makePdf({ pages: 1 })) as BlobPart], { type: 'application/pdf' }), 'hooked.pdf');
    await user.request('/api/documents', { method: 'POST', body: stored });
    deliveryId = ((await (await user.request(`/api/v1/webhooks/${webhookId}/deliveries`)).json()) as { items: { id: string }[] }).items[0]!.id;
    teamOwner = (await signedInUser(ctx)).client;
    const team = (await (await teamOwner.request('/api/auth/organization/create', { method: 'POST', json: { name: 'Contract Team', slug: 'contract-team' } })).json()) as { id: string };
    await teamOwner.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: team.id } });
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  it('validates as OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('states the limits table, the same figures the pricing page shows', () => {
    const description = (doc as unknown as { info: { description: string } }).info.description;
    expect(description).toContain(`| | ${shared.PLAN_NAMES.visitor} | ${shared.PLAN_NAMES.free} |`);
    for (const row of shared.LIMIT_ROWS) {
      expect(description).toContain(`| ${row.label} | ${row.show(shared.PLAN_LIMITS.visitor[row.key])} | ${row.show(shared.PLAN_LIMITS.free[row.key])} |`);
    }
  });

  it('names only registered schemas for its bodies', () => {
    const refs = JSON.stringify(doc.paths).match(/#\/components\/schemas\/[\w-]+/g) ?? [];
    for (const ref of new Set(refs)) {
      const name = ref.split('/').pop()!;
      if (!name.startsWith('ToolOptions_')) expect(componentSchemas.has(name), name).toBe(true);
    }
  });

  /** One or more calls per documented operation, each with the status it must answer. */
  const calls: Record<string, { label: string; status: number; call: () => Promise<Response> }[]> = {
    'get /api/v1/tools': [
      { label: 'visitor', status: 200, call: () => visitor.request('/api/v1/tools') },
      { label: 'account', status: 200, call: () => user.request('/api/v1/tools') },
    ],
    'get /api/v1/tools/{id}': [
      { label: 'a tool', status: 200, call: () => visitor.request('/api/v1/tools/rotate') },
      { label: 'no such tool', status: 404, call: () => visitor.request('/api/v1/tools/nope') },
    ],
    'post /api/v1/tools/redact/preview': [
      { label: 'matches', status: 200, call: async () => postJob(visitor, jobForm('redact', [{ name: 'a.pdf', bytes: await makePdf({ pages: 2 }) }], { options: { text: ['Page'] } }), '/api/v1/tools/redact/preview') },
      { label: 'bad pattern', status: 400, call: async () => postJob(visitor, jobForm('redact', [{ name: 'a.pdf', bytes: await makePdf() }], { options: { patterns: ['(a|b)*'] } }), '/api/v1/tools/redact/preview') },
      { label: 'not a PDF', status: 422, call: () => postJob(visitor, jobForm('redact', [{ name: 'a.pdf', bytes: new TextEncoder().encode('<html></html>') }], { options: { text: ['x'] } }), '/api/v1/tools/redact/preview') },
    ],
    'post /api/v1/jobs': [
      { label: 'queued', status: 202, call: () => submit(visitor) },
      { label: 'bad options', status: 400, call: async () => postJob(visitor, jobForm('rotate', [{ name: 'a.pdf', bytes: await makePdf({ pages: 1 }) }], { options: { angle: 45 } })) },
      { label: 'fileIds as a visitor', status: 401, call: () => postJob(ctx.client(), jobForm('rotate', [], { fileIds: [MISSING_ID] })) },
      { label: 'not a PDF', status: 422, call: () => postJob(visitor, jobForm('rotate', [{ name: 'a.pdf', bytes: new TextEncoder().encode('<html></html>') }])) },
      {
        label: 'an output not yours',
        status: 404,
        call: () => {
          const form = jobForm('rotate');
          form.append('outputIds', JSON.stringify([MISSING_ID]));
          return postJob(visitor, form);
        },
      },
    ],
    'get /api/v1/jobs/{id}': [
      { label: 'finished', status: 200, call: () => user.request(`/api/v1/jobs/${job.id}`) },
      { label: 'not yours', status: 404, call: () => visitor.request(`/api/v1/jobs/${job.id}`) },
      { label: 'with an API key', status: 200, call: () => keyed.request(`/api/v1/jobs/${job.id}`) },
    ],
    'get /api/v1/jobs/{id}/events': [
      { label: 'stream', status: 200, call: () => user.request(`/api/v1/jobs/${job.id}/events`) },
      { label: 'no such job', status: 404, call: () => user.request(`/api/v1/jobs/${MISSING_ID}/events`) },
    ],
    'get /api/v1/jobs/{id}/zip': [
      { label: 'zip', status: 200, call: () => user.request(`/api/v1/jobs/${job.id}/zip`) },
      { label: 'not yours', status: 404, call: () => visitor.request(`/api/v1/jobs/${job.id}/zip`) },
    ],
    'get /api/v1/outputs': [
      { label: 'account', status: 200, call: () => user.request('/api/v1/outputs') },
      { label: 'visitor', status: 200, call: () => visitor.request('/api/v1/outputs') },
    ],
    'delete /api/v1/outputs/{id}': [
      { label: 'deleted', status: 204, call: () => user.request(`/api/v1/outputs/${discardedOutputId}`, { method: 'DELETE' }) },
      { label: 'gone', status: 404, call: () => user.request(`/api/v1/outputs/${discardedOutputId}`, { method: 'DELETE' }) },
    ],
    'get /api/v1/outputs/{id}/download': [
      { label: 'signed link', status: 200, call: () => ctx.client().request(job.outputs[0]!.downloadUrl) },
      { label: 'bad signature', status: 404, call: () => ctx.client().request(`/api/v1/outputs/${job.outputs[0]!.id}/download?expires=1&signature=x`) },
    ],
    'post /api/v1/outputs/{id}/save': [
      { label: 'saved', status: 201, call: () => user.request(`/api/v1/outputs/${job.outputs[0]!.id}/save`, { method: 'POST' }) },
      { label: 'saved again', status: 200, call: () => user.request(`/api/v1/outputs/${job.outputs[0]!.id}/save`, { method: 'POST' }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/outputs/${job.outputs[0]!.id}/save`, { method: 'POST' }) },
    ],
    'post /api/v1/batches': [
      { label: 'queued', status: 202, call: () => submit(user, '/api/v1/batches') },
      { label: 'visitor', status: 401, call: () => submit(visitor, '/api/v1/batches') },
    ],
    'get /api/v1/batches/{id}': [
      { label: 'finished', status: 200, call: () => user.request(`/api/v1/batches/${batch.id}`) },
      { label: 'no such batch', status: 404, call: () => user.request(`/api/v1/batches/${MISSING_ID}`) },
    ],
    'get /api/v1/batches/{id}/zip': [
      { label: 'zip', status: 200, call: () => user.request(`/api/v1/batches/${batch.id}/zip`) },
      { label: 'no such batch', status: 404, call: () => user.request(`/api/v1/batches/${MISSING_ID}/zip`) },
    ],
    'get /api/v1/links': [
      { label: 'account', status: 200, call: () => user.request(`/api/v1/links?documentId=${link.documentId}`) },
      { label: 'bad page', status: 400, call: () => user.request('/api/v1/links?page=0') },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/links') },
    ],
    'post /api/v1/links': [
      { label: 'created', status: 201, call: () => user.request('/api/v1/links', { method: 'POST', json: { documentId: link.documentId, name: 'Contract', maxViews: 10, password: 'let-me-in' } }) },
      { label: 'bad settings', status: 400, call: () => user.request('/api/v1/links', { method: 'POST', json: { documentId: link.documentId, maxViews: 0 } }) },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/links', { method: 'POST', json: { documentId: link.documentId } }) },
      { label: 'not your document', status: 404, call: () => user.request('/api/v1/links', { method: 'POST', json: { documentId: MISSING_ID } }) },
    ],
    'get /api/v1/links/{id}': [
      { label: 'yours', status: 200, call: () => user.request(`/api/v1/links/${link.id}`) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/links/${link.id}`) },
      { label: 'no such link', status: 404, call: () => user.request(`/api/v1/links/${MISSING_ID}`) },
    ],
    'patch /api/v1/links/{id}': [
      { label: 'changed', status: 200, call: () => user.request(`/api/v1/links/${link.id}`, { method: 'PATCH', json: { watermark: true, allowList: ['@example.com.au'] } }) },
      { label: 'bad settings', status: 400, call: () => user.request(`/api/v1/links/${link.id}`, { method: 'PATCH', json: { password: 'abc' } }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/links/${link.id}`, { method: 'PATCH', json: {} }) },
      { label: 'no such link', status: 404, call: () => user.request(`/api/v1/links/${MISSING_ID}`, { method: 'PATCH', json: {} }) },
    ],
    'post /api/v1/links/{id}/revoke': [
      { label: 'revoked', status: 200, call: () => user.request(`/api/v1/links/${link.id}/revoke`, { method: 'POST' }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/links/${link.id}/revoke`, { method: 'POST' }) },
      { label: 'no such link', status: 404, call: () => user.request(`/api/v1/links/${MISSING_ID}/revoke`, { method: 'POST' }) },
    ],
    'delete /api/v1/links/{id}': [
      { label: 'deleted', status: 204, call: () => user.request(`/api/v1/links/${discardedLinkId}`, { method: 'DELETE' }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/links/${discardedLinkId}`, { method: 'DELETE' }) },
      { label: 'gone', status: 404, call: () => user.request(`/api/v1/links/${discardedLinkId}`, { method: 'DELETE' }) },
    ],
    'get /api/v1/links/{id}/visits': [
      { label: 'yours', status: 200, call: () => user.request(`/api/v1/links/${link.id}/visits`) },
      { label: 'bad page', status: 400, call: () => user.request(`/api/v1/links/${link.id}/visits?page=0`) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/links/${link.id}/visits`) },
      { label: 'no such link', status: 404, call: () => user.request(`/api/v1/links/${MISSING_ID}/visits`) },
    ],
    'get /api/v1/links/{id}/analytics': [
      { label: 'yours', status: 200, call: () => user.request(`/api/v1/links/${link.id}/analytics`) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/links/${link.id}/analytics`) },
      { label: 'no such link', status: 404, call: () => user.request(`/api/v1/links/${MISSING_ID}/analytics`) },
    ],
    'get /api/v1/keys': [
      { label: 'account', status: 200, call: () => user.request('/api/v1/keys') },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/keys') },
      { label: 'with an API key', status: 403, call: () => keyed.request('/api/v1/keys') },
    ],
    'post /api/v1/keys': [
      { label: 'created', status: 201, call: () => user.request('/api/v1/keys', { method: 'POST', json: { name: 'CI', expiresAt: '2099-01-01T00:00:00Z' } }) },
      { label: 'no name', status: 400, call: () => user.request('/api/v1/keys', { method: 'POST', json: { name: '' } }) },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/keys', { method: 'POST', json: { name: 'x' } }) },
      { label: 'with an API key', status: 403, call: () => keyed.request('/api/v1/keys', { method: 'POST', body: '{"name":"x"}', headers: { 'content-type': 'application/json' } }) },
    ],
    'delete /api/v1/keys/{id}': [
      { label: 'revoked', status: 204, call: () => user.request(`/api/v1/keys/${discardedKeyId}`, { method: 'DELETE' }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/keys/${discardedKeyId}`, { method: 'DELETE' }) },
      { label: 'with an API key', status: 403, call: () => keyed.request(`/api/v1/keys/${discardedKeyId}`, { method: 'DELETE' }) },
      { label: 'already revoked', status: 404, call: () => user.request(`/api/v1/keys/${discardedKeyId}`, { method: 'DELETE' }) },
    ],
    'get /api/v1/webhooks': [
      { label: 'with an API key', status: 200, call: () => keyed.request('/api/v1/webhooks') },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/webhooks') },
    ],
    'post /api/v1/webhooks': [
      { label: 'created', status: 201, call: () => user.request('/api/v1/webhooks', { method: 'POST', json: { url: 'https://hooks.example.com.au/in', events: ['job.failed'] } }) },
      { label: 'not https', status: 400, call: () => user.request('/api/v1/webhooks', { method: 'POST', json: { url: 'http://hooks.example.com.au/in', events: ['job.failed'] } }) },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/webhooks', { method: 'POST', json: {} }) },
      {
        label: 'eleven',
        status: 409,
        call: async () => {
          const make = () => user.request('/api/v1/webhooks', { method: 'POST', json: { url: 'https://hooks.example.com.au/in', events: ['job.failed'] } });
          for (let res = await make(); ; res = await make()) if (res.status !== 201) return res;
        },
      },
    ],
    'get /api/v1/webhooks/{id}': [
      { label: 'yours', status: 200, call: () => user.request(`/api/v1/webhooks/${webhookId}`) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/webhooks/${webhookId}`) },
      { label: 'no such webhook', status: 404, call: () => user.request(`/api/v1/webhooks/${MISSING_ID}`) },
    ],
    'patch /api/v1/webhooks/{id}': [
      {
        label: 'changed with an API key',
        status: 200,
        call: () =>
          keyed.request(`/api/v1/webhooks/${webhookId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: ['document.created', 'job.succeeded'] }) }),
      },
      { label: 'bad events', status: 400, call: () => user.request(`/api/v1/webhooks/${webhookId}`, { method: 'PATCH', json: { events: [] } }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/webhooks/${webhookId}`, { method: 'PATCH', json: {} }) },
      { label: 'no such webhook', status: 404, call: () => user.request(`/api/v1/webhooks/${MISSING_ID}`, { method: 'PATCH', json: {} }) },
    ],
    'delete /api/v1/webhooks/{id}': [
      { label: 'deleted', status: 204, call: () => user.request(`/api/v1/webhooks/${discardedWebhookId}`, { method: 'DELETE' }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/webhooks/${discardedWebhookId}`, { method: 'DELETE' }) },
      { label: 'gone', status: 404, call: () => user.request(`/api/v1/webhooks/${discardedWebhookId}`, { method: 'DELETE' }) },
    ],
    'post /api/v1/webhooks/{id}/rotate-secret': [
      { label: 'rotated', status: 200, call: () => user.request(`/api/v1/webhooks/${webhookId}/rotate-secret`, { method: 'POST' }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/webhooks/${webhookId}/rotate-secret`, { method: 'POST' }) },
      { label: 'no such webhook', status: 404, call: () => user.request(`/api/v1/webhooks/${MISSING_ID}/rotate-secret`, { method: 'POST' }) },
    ],
    'get /api/v1/webhooks/{id}/deliveries': [
      { label: 'yours', status: 200, call: () => user.request(`/api/v1/webhooks/${webhookId}/deliveries`) },
      { label: 'bad page', status: 400, call: () => user.request(`/api/v1/webhooks/${webhookId}/deliveries?page=0`) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/webhooks/${webhookId}/deliveries`) },
      { label: 'no such webhook', status: 404, call: () => user.request(`/api/v1/webhooks/${MISSING_ID}/deliveries`) },
    ],
    'post /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend': [
      { label: 'queued', status: 202, call: () => user.request(`/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, { method: 'POST' }) },
      { label: 'visitor', status: 401, call: () => visitor.request(`/api/v1/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, { method: 'POST' }) },
      { label: 'no such delivery', status: 404, call: () => user.request(`/api/v1/webhooks/${webhookId}/deliveries/${MISSING_ID}/resend`, { method: 'POST' }) },
    ],
    'get /api/v1/spaces': [
      { label: 'account', status: 200, call: () => user.request('/api/v1/spaces') },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/spaces') },
      { label: 'with an API key', status: 403, call: () => keyed.request('/api/v1/spaces') },
    ],
    'get /api/v1/team': [
      { label: 'the selected team', status: 200, call: () => teamOwner.request('/api/v1/team') },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/team') },
      { label: 'personal space', status: 404, call: () => user.request('/api/v1/team') },
    ],
    'get /api/v1/team/activity': [
      { label: 'the log', status: 200, call: () => teamOwner.request('/api/v1/team/activity?pageSize=5') },
      { label: 'bad page size', status: 400, call: () => teamOwner.request('/api/v1/team/activity?pageSize=500') },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/team/activity') },
      { label: 'personal space', status: 404, call: () => user.request('/api/v1/team/activity') },
    ],
    'post /api/v1/team/transfer': [
      { label: 'no member', status: 400, call: () => teamOwner.request('/api/v1/team/transfer', { method: 'POST', json: {} }) },
      { label: 'visitor', status: 401, call: () => visitor.request('/api/v1/team/transfer', { method: 'POST', json: { memberId: 'x' } }) },
      { label: 'with an API key', status: 403, call: () => keyed.request('/api/v1/team/transfer', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"memberId":"x"}' }) },
      { label: 'no such member', status: 404, call: () => teamOwner.request('/api/v1/team/transfer', { method: 'POST', json: { memberId: 'nobody' } }) },
      {
        label: 'transferred',
        status: 204,
        call: async () => {
          const joiner = (await signedInUser(ctx)).client;
          const sent = (await (await teamOwner.request('/api/auth/organization/invite-member', { method: 'POST', json: { email: (await (await joiner.request('/api/auth/get-session')).json()).user.email, role: 'member' } })).json()) as { id: string };
          const { member } = (await (await joiner.request('/api/auth/organization/accept-invitation', { method: 'POST', json: { invitationId: sent.id } })).json()) as { member: { id: string } };
          return teamOwner.request('/api/v1/team/transfer', { method: 'POST', json: { memberId: member.id } });
        },
      },
    ],
    'get /api/v1/openapi.json': [{ label: 'document', status: 200, call: () => visitor.request('/api/v1/openapi.json') }],
  };

  it('calls every documented operation', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(Object.keys(calls).sort()).toEqual(documented.sort());
  });

  it('answers every documented route with the schema the document names for its status', async () => {
    for (const [operation, cases] of Object.entries(calls)) {
      const [method, path] = operation.split(' ') as [string, string];
      for (const { label, status, call } of cases) {
        const where = `${operation} (${label})`;
        const res = await call();
        expect(res.status, `${where}: ${await res.clone().text().then((t) => t.slice(0, 300))}`).toBe(status);
        const response = doc.paths[path]![method]!.responses[String(status)];
        expect(response, `${where}: status ${status} is not documented`).toBeDefined();
        const content = response!.content;
        if (!content) {
          expect(await res.text(), where).toBe('');
          continue;
        }
        const type = res.headers.get('content-type') ?? '';
        if (type.startsWith('application/json')) {
          const name = content['application/json']?.schema?.$ref?.split('/').pop();
          const body = await res.json();
          if (name) expectShape(componentSchemas.get(name)!, body, where);
          else expect(body, where).toBeTypeOf('object');
        } else if (type.startsWith('text/event-stream')) {
          expect(Object.keys(content), where).toContain('text/event-stream');
          const events = sseData(await res.text());
          expect(events.length, where).toBeGreaterThan(0);
          for (const event of events) expectShape(jobSchema, event, where);
        } else {
          expect(Object.keys(content), where).toContain(type);
          await res.arrayBuffer();
        }
      }
    }
  }, 120_000);

  it('answers the account and site routes with their shared schemas', async () => {
    const upload = new FormData();
    upload.append('file', new Blob([(await makePdf({ pages: 1 })) as BlobPart], { type: 'application/pdf' }), 'mine.pdf');
    const versioned = new FormData();
    versioned.append('file', new Blob([(await makePdf({ pages: 1 })) as BlobPart], { type: 'application/pdf' }), 'versioned.pdf');
    const { id } = (await (await user.request('/api/documents', { method: 'POST', body: versioned })).json()) as { id: string };
    const checks: [string, number, ApiSchema, () => Promise<Response>][] = [
      ['POST /api/documents', 201, documentSchema, () => user.request('/api/documents', { method: 'POST', body: upload })],
      ['POST /api/documents/:id/versions/:version/restore', 201, documentSchema, () => user.request(`/api/documents/${id}/versions/1/restore`, { method: 'POST' })],
      ['GET /api/documents/:id/versions', 200, documentVersionListSchema, () => user.request(`/api/documents/${id}/versions`)],
      ['GET /api/documents', 200, documentPageSchema, () => user.request('/api/documents')],
      ['GET /api/usage', 200, usageSchema, () => user.request('/api/usage')],
      ['GET /api/profile', 200, profileResponseSchema, () => user.request('/api/profile')],
      ['PATCH /api/profile', 200, profileResponseSchema, () => user.request('/api/profile', { method: 'PATCH', json: { company_name: 'Wattle Pty Ltd' } })],
      ['GET /api/notifications', 200, notificationPageSchema, () => user.request('/api/notifications')],
      ['GET /api/notifications/unread-count', 200, unreadCountSchema, () => user.request('/api/notifications/unread-count')],
      ['POST /api/notifications/read-all', 200, markedReadSchema, () => user.request('/api/notifications/read-all', { method: 'POST' })],
      ['GET /api/dashboard/summary', 200, dashboardSummarySchema, () => user.request('/api/dashboard/summary')],
      [
        'POST /api/support/tickets',
        201,
        filedSupportTicketSchema,
        () => user.request('/api/support/tickets', { method: 'POST', json: { subject: 'Contract test', message: 'Checking the shape of a filed ticket.' } }),
      ],
      ['GET /api/config', 200, appConfigSchema, () => visitor.request('/api/config')],
      ['GET /api/company-info', 200, companyInfoSchema, () => visitor.request('/api/company-info')],
      ['GET /api/profile (signed out)', 401, shared.errorBodySchema, () => visitor.request('/api/profile')],
    ];
    for (const [where, status, schema, call] of checks) {
      const res = await call();
      const body = await res.json();
      expect(res.status, `${where}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
      expectShape(schema, body, where);
    }
    // Health answers 503 with the same body when a part is down.
    const health = await visitor.request('/api/health');
    expectShape(healthSchema, await health.json(), 'GET /api/health');
  }, 60_000);
});
