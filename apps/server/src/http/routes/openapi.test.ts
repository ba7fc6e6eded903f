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
  markedReadSchema,
  notificationPageSchema,
  profileResponseSchema,
  unreadCountSchema,
  usageSchema,
  type ApiSchema,
} from '@wattle/shared';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * The contract test: the OpenAPI document is valid 3.1 and names only the shared contracts; the routes
 * outside /api/v1 answer their shared schemas. Every /api/v1 operation, called through a client
 * generated from the document, is checked against the document in openapi-client.test.ts.
 */

type Operation = { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Every registered contract schema by its component name, as the document names it. */
const componentSchemas = new Map<string, ApiSchema>(
  (Object.values(shared) as unknown[])
    .filter((value): value is ApiSchema => !!value && typeof value === 'object' && shared.apiComponents.has(value as ApiSchema))
    .map((schema) => [componentName(schema), schema]),
);

function expectShape(schema: ApiSchema, body: unknown, label: string) {
  const parsed = schema.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues, `${label}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
}

describe('OpenAPI contract', () => {
  let ctx: TestContext;
  let doc: OpenApi;
  let user: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    ctx = await createTestContext();
    doc = (await (await ctx.client().request('/api/v1/openapi.json')).json()) as OpenApi;
    user = (await signedInUser(ctx)).client;
    visitor = ctx.client();
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('validates as OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('serves the reference page beside the JSON, with its renderer from our own origin', async () => {
    const page = await visitor.request('/api/reference');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-url="/api/v1/openapi.json"');
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts).toEqual(['/api/reference/scalar.js']);
    // Our CSP lets only our own scripts run, so the page works as served.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const bundle = await visitor.request(scripts[0]!);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });

  it('generates an operation for every declared route, each with an id, a summary and its error answers', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ where: `${method} ${path}`, operation })));
    expect(operations.length).toBeGreaterThan(40);
    const ids = operations.map(({ operation }) => (operation as unknown as { operationId: string }).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { where, operation } of operations) {
      expect((operation as unknown as { summary?: string }).summary, where).toBeTruthy();
      for (const status of ['400', '401', '429']) expect(operation.responses[status]?.content?.['application/json']?.schema?.$ref, `${where} ${status}`).toBe('#/components/schemas/Error');
      expect((operation.responses['429'] as { headers?: Record<string, unknown> }).headers?.['Retry-After'], where).toBeDefined();
    }
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
