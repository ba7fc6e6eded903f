import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAbn } from '@wattle/shared';
import { createTestContext, type TestContext } from './test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('app', () => {
  it('reports health with database, storage and version', async () => {
    const res = await ctx.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'up', storage: 'up', version: expect.any(String) });
  });

  it('reports on health the Node version and the kind of database it runs on', async () => {
    const body = await (await ctx.app.request('/api/health')).json();
    expect(body).toMatchObject({ node: process.versions.node, databaseKind: ctx.container.database.kind });
  });

  it('serves the seeded company record with a valid ABN', async () => {
    const res = await ctx.app.request('/api/company-info');
    const body = await res.json();
    expect(body.trading_name).toBe('Wattle PDF');
    expect(isValidAbn(body.abn)).toBe(true);
    expect(body.email_support).toMatch(/@/);
  });

  it('answers unknown API paths with a coded 404, not the web app', async () => {
    const res = await ctx.app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', requestId: expect.any(String) } });
  });

  it('sets the security headers on every response', async () => {
    const res = await ctx.app.request('/api/health');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an oversized JSON body with a coded 413', async () => {
    const res = await ctx.app.request('/api/health', { method: 'POST', body: 'x'.repeat(300 * 1024), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
