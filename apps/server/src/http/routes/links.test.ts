import { eq } from 'drizzle-orm';
import { shareLinks } from '@wattle/db';
import type { DocumentPage, Link, LinkPage } from '@wattle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.ts';
import { manualClock } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';
import { findLinkByToken, hashLinkToken } from '../../services/share-tokens.ts';

const clock = manualClock(new Date('2026-03-02T00:00:00Z'));
const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let ctx: TestContext;
let alice: TestClient;
let bob: TestClient;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  [alice, bob] = (await Promise.all([signedInUser(ctx), signedInUser(ctx)])).map((u) => u.client) as [TestClient, TestClient];
  pdf = await makePdf({ pages: 2 });
});
afterAll(() => ctx.close());

async function storedDocument(client: TestClient, filename = 'contract.pdf'): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
  const res = await client.request('/api/documents', { method: 'POST', body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function created(client: TestClient, json: Record<string, unknown>): Promise<Link> {
  const res = await client.request('/api/v1/links', { method: 'POST', json });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function fieldErrors(res: Response): Promise<Record<string, string[]>> {
  const body = (await res.json()) as { error: { code: string; details?: { fieldErrors: Record<string, string[]> } } };
  expect(body.error.code).toBe('VALIDATION_FAILED');
  return body.error.details!.fieldErrors;
}

async function linkCount(client: TestClient, documentId: string): Promise<number> {
  const page = (await (await client.request('/api/documents')).json()) as DocumentPage;
  return page.items.find((d) => d.id === documentId)!.link_count;
}

describe('POST /api/v1/links', () => {
  it('creates a link with the defaults: an unguessable address, no password, no download, active', async () => {
    const documentId = await storedDocument(alice, 'Quote 42.pdf');
    const link = await created(alice, { documentId });
    expect(link).toMatchObject({
      documentId,
      documentName: 'Quote 42.pdf',
      name: null,
      status: 'active',
      expiresAt: null,
      maxViews: null,
      viewCount: 0,
      hasPassword: false,
      requireEmail: false,
      allowList: [],
      blockList: [],
      allowDownload: false,
      watermark: false,
      lastViewedAt: null,
    });
    const token = link.url.match(/\/s\/([A-Za-z0-9_-]+)$/)![1]!;
    expect(link.url).toBe(`${ctx.container.config.publicUrl}/s/${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // Only the hash and a sealed copy are stored; the token finds the link, a near miss does not.
    const [row] = await ctx.container.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await findLinkByToken(ctx.container, token))?.id).toBe(link.id);
    expect(await findLinkByToken(ctx.container, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await findLinkByToken(ctx.container, '')).toBeUndefined();
  });

  it('keeps every setting, normalising the address lists, and hashes the password', async () => {
    const documentId = await storedDocument(alice);
    const link = await created(alice, {
      documentId,
      name: ' For the bank ',
      expiresAt: inHours(48),
      maxViews: 5,
      password: 'open sesame',
      requireEmail: true,
      allowList: [' Ana@Example.com.au', '@partner.com.au', '@partner.com.au'],
      blockList: ['@rival.com'],
      allowDownload: true,
      watermark: true,
    });
    expect(link).toMatchObject({
      name: 'For the bank',
      expiresAt: inHours(48),
      maxViews: 5,
      hasPassword: true,
      requireEmail: true,
      allowList: ['ana@example.com.au', '@partner.com.au'],
      blockList: ['@rival.com'],
      allowDownload: true,
      watermark: true,
    });
    const [row] = await ctx.container.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.passwordHash).toBeTruthy();
    expect(row!.passwordHash).not.toContain('open sesame');
  });

  it('refuses settings out of bounds, each under its field', async () => {
    const documentId = await storedDocument(alice);
    const cases: [Record<string, unknown>, string][] = [
      [{ expiresAt: inHours(-1) }, 'expiresAt'],
      [{ expiresAt: 'next tuesday' }, 'expiresAt'],
      [{ maxViews: 0 }, 'maxViews'],
      [{ maxViews: 1001 }, 'maxViews'],
      [{ maxViews: 2.5 }, 'maxViews'],
      [{ password: 'seven77' }, 'password'],
      [{ password: 'x'.repeat(129) }, 'password'],
      [{ name: 'n'.repeat(201) }, 'name'],
      [{ allowList: ['not an address'] }, 'allowList.0'],
      [{ blockList: ['@'] }, 'blockList.0'],
      [{ allowList: Array.from({ length: 101 }, (_, i) => `p${i}@example.com`) }, 'allowList'],
      [{ blockList: Array.from({ length: 101 }, (_, i) => `@d${i}.com`) }, 'blockList'],
      [{ allowDownload: 'yes' }, 'allowDownload'],
      [{ surprise: true }, '_'],
    ];
    for (const [json, field] of cases) {
      const res = await alice.request('/api/v1/links', { method: 'POST', json: { documentId, ...json } });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(await fieldErrors(res)), JSON.stringify(json)).toContain(field);
    }
    // The edges are allowed.
    await created(alice, { documentId, maxViews: 1000, password: 'eight888', name: 'n'.repeat(200), allowList: Array.from({ length: 100 }, (_, i) => `@d${i}.com.au`) });
  });

  it('refuses a body that is not JSON with the same words as every JSON route', async () => {
    const res = await alice.request('/api/v1/links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"documentId": ' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body must be JSON.' });
  });

  it('links only the caller’s own live documents', async () => {
    const bobs = await storedDocument(bob);
    expect((await alice.request('/api/v1/links', { method: 'POST', json: { documentId: bobs } })).status).toBe(404);
    expect((await alice.request('/api/v1/links', { method: 'POST', json: { documentId: MISSING_ID } })).status).toBe(404);
    expect((await ctx.client().request('/api/v1/links', { method: 'POST', json: { documentId: bobs } })).status).toBe(401);
  });
});

describe('the owner’s links', () => {
  it('lists newest first, by document, in pages', async () => {
    const client = (await signedInUser(ctx)).client;
    const first = await storedDocument(client, 'first.pdf');
    const second = await storedDocument(client, 'second.pdf');
    const a = await created(client, { documentId: first, name: 'a' });
    clock.advance(1000);
    const b = await created(client, { documentId: second, name: 'b' });
    clock.advance(1000);
    const c = await created(client, { documentId: first, name: 'c' });

    const all = (await (await client.request('/api/v1/links')).json()) as LinkPage;
    expect(all.items.map((l) => l.id)).toEqual([c.id, b.id, a.id]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const ofFirst = (await (await client.request(`/api/v1/links?documentId=${first}`)).json()) as LinkPage;
    expect(ofFirst.items.map((l) => l.id)).toEqual([c.id, a.id]);
    const beyond = (await (await client.request('/api/v1/links?page=2')).json()) as LinkPage;
    expect(beyond).toMatchObject({ items: [], total: 3, page: 2 });
    expect((await client.request('/api/v1/links?documentId=nope')).status).toBe(400);
    expect((await client.request('/api/v1/links?page=0')).status).toBe(400);
    // Another account's list does not show them.
    expect(((await (await bob.request('/api/v1/links')).json()) as LinkPage).items.map((l) => l.id)).not.toContain(a.id);
  });

  it('gets and updates a link; only the fields sent change; password null removes it', async () => {
    const documentId = await storedDocument(alice);
    const link = await created(alice, { documentId, password: 'secret-pw', maxViews: 3, allowList: ['@a.com'] });
    expect(await (await alice.request(`/api/v1/links/${link.id}`)).json()).toEqual(link);

    clock.advance(1000);
    const patched = await alice.request(`/api/v1/links/${link.id}`, { method: 'PATCH', json: { name: 'Board pack', watermark: true } });
    expect(patched.status).toBe(200);
    const updated = (await patched.json()) as Link;
    expect(updated).toMatchObject({ name: 'Board pack', watermark: true, hasPassword: true, maxViews: 3, allowList: ['@a.com'], url: link.url });
    expect(updated.updatedAt > link.updatedAt).toBe(true);

    const cleared = (await (await alice.request(`/api/v1/links/${link.id}`, { method: 'PATCH', json: { password: null, maxViews: null, name: null } })).json()) as Link;
    expect(cleared).toMatchObject({ hasPassword: false, maxViews: null, name: null, watermark: true });

    const invalid = await alice.request(`/api/v1/links/${link.id}`, { method: 'PATCH', json: { expiresAt: inHours(-2), maxViews: 5000 } });
    expect(Object.keys(await fieldErrors(invalid)).sort()).toEqual(['maxViews']);
    const past = await alice.request(`/api/v1/links/${link.id}`, { method: 'PATCH', json: { expiresAt: inHours(-2) } });
    expect(Object.keys(await fieldErrors(past))).toEqual(['expiresAt']);
  });

  it('is expired past its date or its views, revoked when turned off, and counts only active links on the document', async () => {
    const documentId = await storedDocument(alice);
    expect(await linkCount(alice, documentId)).toBe(0);
    const dated = await created(alice, { documentId, expiresAt: inHours(1) });
    const counted = await created(alice, { documentId, maxViews: 2 });
    const revoked = await created(alice, { documentId });
    expect(await linkCount(alice, documentId)).toBe(3);

    const res = await alice.request(`/api/v1/links/${revoked.id}/revoke`, { method: 'POST' });
    expect(res.status).toBe(200);
    const turnedOff = (await res.json()) as Link;
    expect(turnedOff.status).toBe('revoked');
    clock.advance(1000);
    const again = (await (await alice.request(`/api/v1/links/${revoked.id}/revoke`, { method: 'POST' })).json()) as Link;
    expect(again.updatedAt).toBe(turnedOff.updatedAt);
    expect(await linkCount(alice, documentId)).toBe(2);

    await ctx.container.db.update(shareLinks).set({ viewCount: 2 }).where(eq(shareLinks.id, counted.id));
    expect(((await (await alice.request(`/api/v1/links/${counted.id}`)).json()) as Link).status).toBe('expired');
    expect(await linkCount(alice, documentId)).toBe(1);

    clock.advance(HOUR);
    expect(((await (await alice.request(`/api/v1/links/${dated.id}`)).json()) as Link).status).toBe('expired');
    expect(await linkCount(alice, documentId)).toBe(0);

    // A new date brings it back.
    const renewed = await alice.request(`/api/v1/links/${dated.id}`, { method: 'PATCH', json: { expiresAt: inHours(1) } });
    expect(((await renewed.json()) as Link).status).toBe('active');
    expect(await linkCount(alice, documentId)).toBe(1);
  });

  it('deletes a link; its address then finds nothing', async () => {
    const documentId = await storedDocument(alice);
    const link = await created(alice, { documentId });
    const token = link.url.split('/s/')[1]!;
    expect((await alice.request(`/api/v1/links/${link.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await alice.request(`/api/v1/links/${link.id}`)).status).toBe(404);
    expect((await alice.request(`/api/v1/links/${link.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await findLinkByToken(ctx.container, token)).toBeUndefined();
  });

  it('leaves the owner’s view with the document: a deleted document’s links are not found', async () => {
    const documentId = await storedDocument(alice);
    const link = await created(alice, { documentId });
    expect((await alice.request(`/api/documents/${documentId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await alice.request(`/api/v1/links/${link.id}`)).status).toBe(404);
    expect(((await (await alice.request('/api/v1/links')).json()) as LinkPage).items.map((l) => l.id)).not.toContain(link.id);
  });

  it('answers NOT_FOUND to another account and UNAUTHORIZED to a visitor on every route', async () => {
    const documentId = await storedDocument(alice);
    const link = await created(alice, { documentId });
    const visitor = ctx.client();
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/v1/links/${link.id}`],
      ['PATCH', `/api/v1/links/${link.id}`, { name: 'mine now' }],
      ['POST', `/api/v1/links/${link.id}/revoke`],
      ['DELETE', `/api/v1/links/${link.id}`],
      ['GET', '/api/v1/links/not-a-uuid'],
    ];
    for (const [method, path, json] of routes) {
      const res = await bob.request(path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    for (const [method, path, json] of [...routes, ['GET', '/api/v1/links'], ['POST', '/api/v1/links', { documentId }]] as [string, string, unknown?][]) {
      const res = await visitor.request(path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
    // Alice's link is untouched.
    expect(await (await alice.request(`/api/v1/links/${link.id}`)).json()).toEqual(link);
  });
});
