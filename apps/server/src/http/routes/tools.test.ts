import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS, TOOLS } from '@wattle/shared';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';
import { startWorker } from '../../jobs/worker.ts';

describe('tool registry and OpenAPI over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('lists every tool with its options as JSON Schema and the caller’s limits', async () => {
    const res = await ctx.client().request('/api/v1/tools');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.tools.map((t: { id: string }) => t.id)).toEqual(TOOLS.map((t) => t.id));
    const split = body.tools.find((t: { id: string }) => t.id === 'split');
    expect(split.options.oneOf).toHaveLength(2);
    const imageToPdf = body.tools.find((t: { id: string }) => t.id === 'image-to-pdf');
    expect(imageToPdf.acceptMime).toContain('image/png');
    expect(imageToPdf.acceptExtensions).toContain('.tiff');
    expect(body.tools.find((t: { id: string }) => t.id === 'merge').batchable).toBe(false);
    expect(body.limits).toEqual({ maxFileBytes: 10 * 1024 * 1024, maxTotalBytes: 50 * 1024 * 1024, maxPages: 50, jobsPerHour: 100, retentionMinutes: 60 });

    const { client } = await signedInUser(ctx);
    expect((await (await client.request('/api/v1/tools')).json()).limits).toMatchObject({ maxFileBytes: 50 * 1024 * 1024, maxPages: PLAN_LIMITS.free.pages, jobsPerHour: PLAN_LIMITS.free.jobsPerHour, retentionMinutes: 1440 });
    expect((await ctx.client().request('/api/v1/tools/ocr')).status).toBe(200);
    expect((await ctx.client().request('/api/v1/tools/nope')).status).toBe(404);
  });

  it('serves an OpenAPI 3.1 document with every tool’s options schema', async () => {
    const res = await ctx.client().request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const tool of TOOLS) {
      const schema = doc.components.schemas[`ToolOptions_${tool.id}`];
      expect(schema, tool.id).toBeDefined();
      expect(schema.$schema).toBeUndefined();
    }
    // Every $ref points at a schema that exists.
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of refs) expect(doc.components.schemas[ref.split('/').pop()!.replace('"', '')], ref).toBeDefined();
  });

  it('names the session cookie a real sign-in sets and the media types a download really has', async () => {
    const doc = await (await ctx.client().request('/api/v1/openapi.json')).json();
    const { client } = await signedInUser(ctx);
    const sessionCookie = [...client.cookies.keys()].find((name) => name.endsWith('session_token'));
    expect(sessionCookie).toBeDefined();
    expect(doc.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: sessionCookie });

    const worker = await startWorker(ctx.container, { periodic: false });
    try {
      const res = await postJob(client, jobForm('rotate', [{ name: 'a.pdf', bytes: await makePdf({ pages: 1 }) }]));
      expect(res.status).toBe(202);
      const job = await waitForJob(client, (await res.json()).id);
      const download = await client.request(job.outputs[0]!.downloadUrl);
      expect(download.status).toBe(200);
      const documented = Object.keys(doc.paths['/api/v1/outputs/{id}/download'].get.responses[200].content);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(documented).toContain(download.headers.get('content-type'));
    } finally {
      await worker.stop();
    }
  });

  it('documents exactly the /api/v1 routes the app serves', async () => {
    const served = new Set(
      ctx.app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/v1/')).map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const doc = (await (await ctx.client().request('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`)));
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it('reports the engines on /api/health', async () => {
    const body = await (await ctx.client().request('/api/health')).json();
    expect(body.engines.qpdf).toMatchObject({ available: expect.any(Boolean) });
  });
});
