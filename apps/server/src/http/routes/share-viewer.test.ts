import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { shareVisits } from '@wattle/db';
import type { Link, LinkAnalytics, LinkVisitPage, ShareViewerInfo } from '@wattle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createLogger } from '../../adapters/logger.ts';
import { composeContainer } from '../../composition.ts';
import type { Container } from '../../container.ts';
import { dataPaths } from '../../data-dir.ts';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../../test/harness.ts';
import { manualClock } from '../../test/jobs.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';
import { pageCacheStats } from '../../services/share-page-cache.ts';
import { GUESS_BACK_OFF } from '../../services/share-viewer.ts';
import { VISITOR_COOKIE } from '../../services/visitor-session.ts';

const clock = manualClock(new Date('2026-03-02T00:00:00Z'));
const MINUTE = 60_000;

let ctx: TestContext;
let alice: TestClient;
let bob: TestClient;
let documentId: string;
let nextIp = 1;

beforeAll(async () => {
  // Viewers get their own addresses (through the trusted proxy header), so per-IP limits do not add up across tests.
  ctx = await createTestContext({ TRUSTED_PROXY: 'true' }, { clock });
  const [a, b] = await Promise.all([signedInUser(ctx), signedInUser(ctx)]);
  [alice, bob] = [a.client, b.client];
  documentId = await storedDocument(alice, await makePdf({ pages: 3 }), 'Board papers.pdf');
});
afterAll(() => ctx.close());

async function storedDocument(client: TestClient, pdf: Buffer, filename: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
  const res = await client.request('/api/documents', { method: 'POST', body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A link on Alice's document (or `json.documentId`) and its token. */
async function shared(json: Record<string, unknown> = {}): Promise<{ link: Link; token: string }> {
  const res = await alice.request('/api/v1/links', { method: 'POST', json: { documentId, ...json } });
  expect(res.status, await res.clone().text()).toBe(201);
  const link = (await res.json()) as Link;
  return { link, token: link.url.split('/s/')[1]! };
}

/** A browser with no account, at its own IP address. */
function viewer(ip = `203.0.113.${nextIp++}`): TestClient {
  const client = ctx.client();
  return {
    cookies: client.cookies,
    request: (path, init = {}) => client.request(path, { ...init, headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', ...init.headers } }),
  };
}

const retryAfter = (res: Response) => Number(res.headers.get('retry-after'));

async function errorCode(res: Response): Promise<{ code: string; details?: unknown }> {
  return ((await res.json()) as { error: { code: string; details?: unknown } }).error;
}

async function openVisit(client: TestClient, token: string, json: Record<string, unknown> = {}): Promise<Response> {
  return client.request(`/api/s/${token}/visits`, { method: 'POST', json });
}

async function codeMailedTo(email: string): Promise<string> {
  await ctx.container.mail.idle();
  const [mail] = await ctx.mails(email);
  expect(mail, `a code mailed to ${email}`).toBeDefined();
  return /\b(\d{6})\b/.exec(mail!.text)![1]!;
}

/** A link that asks for an address, and a viewer who was mailed a code for a fresh one. */
async function emailGatedLink(mailbox: string) {
  const { token } = await shared({ requireEmail: true });
  const email = `${mailbox}-${nextIp}@example.com.au`;
  const reader = viewer();
  await reader.request(`/api/s/${token}/email-code`, { method: 'POST', json: { email } });
  return { token, email, reader, code: await codeMailedTo(email) };
}

async function pageImage(client: TestClient, token: string, page: number, width = 800): Promise<Response> {
  return client.request(`/api/s/${token}/pages/${page}?width=${width}`);
}

describe('opening a link without gates', () => {
  it('answers the name and page count first, page sizes once a visit started, then page images', async () => {
    const { token } = await shared({ name: 'For the board' });
    const reader = viewer();
    const info = await reader.request(`/api/s/${token}`);
    expect(info.status).toBe(200);
    expect(info.headers.get('x-robots-tag')).toBe('noindex');
    expect(info.headers.get('referrer-policy')).toBe('no-referrer');
    expect(info.headers.get('cache-control')).toBe('private, no-store');
    expect(await info.json()).toEqual({
      name: 'For the board',
      pageCount: 3,
      pages: null,
      gates: { password: false, email: false },
      allowDownload: false,
      company: { tradingName: 'Wattle PDF' },
    } satisfies ShareViewerInfo);

    // No page before a visit.
    expect(await errorCode(await pageImage(reader, token, 1))).toMatchObject({ code: 'LINK_LOCKED' });

    const started = await openVisit(reader, token);
    expect(started.status).toBe(201);
    const cookie = started.headers.getSetCookie().find((line) => line.startsWith('share_visit='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toContain(`Path=/api/s/${token}`);
    // A viewer is not a visitor of the tools: no visitor session is started for them.
    expect(reader.cookies.has(VISITOR_COOKIE)).toBe(false);

    const unlocked = (await (await reader.request(`/api/s/${token}`)).json()) as ShareViewerInfo;
    expect(unlocked.pages).toEqual([
      { width: 595, height: 842 },
      { width: 595, height: 842 },
      { width: 595, height: 842 },
    ]);

    const image = await pageImage(reader, token, 2, 700);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800 });
    expect(Math.abs(meta.height! - Math.round((800 * 842) / 595))).toBeLessThanOrEqual(2);

    expect((await pageImage(reader, token, 4)).status).toBe(404);
    expect((await reader.request(`/api/s/${token}/pages/0`)).status).toBe(400);
    const [visit] = await ctx.container.db.select().from(shareVisits).where(eq(shareVisits.id, ((await started.json()) as { visitId: string }).visitId));
    expect(visit).toMatchObject({ device: 'phone', viewerEmail: null, country: null });
  });

  it('renders a page once however many viewers read it', async () => {
    const { token } = await shared();
    const readers = [viewer(), viewer(), viewer()];
    for (const reader of readers) expect((await openVisit(reader, token)).status).toBe(201);
    await pageImage(readers[0]!, token, 3, 1200);
    const before = pageCacheStats();
    const again = await Promise.all(readers.map((reader) => pageImage(reader, token, 3, 1100)));
    expect(again.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(pageCacheStats().renders).toBe(before.renders);
    expect(pageCacheStats().hits).toBe(before.hits + 3);
  });

  it('keeps the viewer page itself out of search engines and Referer headers', async () => {
    const res = await ctx.app.request(`/s/${Buffer.alloc(32, 3).toString('base64url')}`);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers 404 for a token nobody holds, on every route', async () => {
    const guess = Buffer.alloc(32, 7).toString('base64url');
    const reader = viewer();
    expect(await errorCode(await reader.request(`/api/s/${guess}`))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await openVisit(reader, guess, { password: 'let-me-in' })).status).toBe(404);
    expect((await pageImage(reader, guess, 1)).status).toBe(404);
    // The code request answers the same for every token.
    expect((await reader.request(`/api/s/${guess}/email-code`, { method: 'POST', json: { email: 'who@example.com' } })).status).toBe(202);
  });

  it('keeps one link’s visit cookie from opening another link', async () => {
    const first = await shared();
    const second = await shared();
    const reader = viewer();
    expect((await openVisit(reader, first.token)).status).toBe(201);
    expect(await errorCode(await pageImage(reader, second.token, 1))).toMatchObject({ code: 'LINK_LOCKED' });
  });
});

describe('the password gate', () => {
  it('asks for the password, refuses a wrong one and opens with the right one', async () => {
    const { token } = await shared({ password: 'let-me-in' });
    const reader = viewer();
    expect((await (await reader.request(`/api/s/${token}`)).json()) as ShareViewerInfo).toMatchObject({ gates: { password: true, email: false }, pages: null });
    const locked = await openVisit(reader, token);
    expect(locked.status).toBe(401);
    expect(await errorCode(locked)).toEqual(expect.objectContaining({ code: 'LINK_LOCKED', details: { password: true, email: false } }));
    const wrong = await openVisit(reader, token, { password: 'letmeout' });
    expect(wrong.status).toBe(401);
    expect(await errorCode(wrong)).toMatchObject({ code: 'LINK_PASSWORD_INCORRECT' });
    expect((await pageImage(reader, token, 1)).status).toBe(401);
    expect((await openVisit(reader, token, { password: 'let-me-in' })).status).toBe(201);
    expect((await pageImage(reader, token, 1)).status).toBe(200);
  });

  it('limits guesses per address', async () => {
    const { token } = await shared({ password: 'let-me-in' });
    const reader = viewer();
    const answers: number[] = [];
    // Asking without a password counts as an attempt too (and skips the slow hash, keeping this test quick).
    for (let i = 0; i < 20; i++) answers.push((await openVisit(reader, token, i === 0 ? { password: 'guess' } : {})).status);
    answers.push((await openVisit(reader, token, { password: 'let-me-in' })).status);
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers[20]).toBe(429);
    // Another address is not held back by the first one's guesses.
    expect((await openVisit(viewer(), token, { password: 'let-me-in' })).status).toBe(201);
  });
});

describe('password guesses per link', () => {
  it('are free at first, then one a wait that doubles, from any address; the rightful viewer waits, never locked out for long', async () => {
    const { token } = await shared({ password: 'let-me-in' });
    const guess = (ip: string, password = 'wrong-guess') => openVisit(viewer(ip), token, { password });
    for (let i = 0; i < GUESS_BACK_OFF.free; i++) expect((await guess(`192.0.2.${i + 1}`)).status).toBe(401);
    // The first guess of a wait goes ahead; the next one, from another address too, is held back until it ends.
    expect((await guess('192.0.2.50')).status).toBe(401);
    const held = await guess('192.0.2.51', 'let-me-in');
    expect(held.status).toBe(429);
    expect(retryAfter(held)).toBe(GUESS_BACK_OFF.firstWaitSeconds);
    clock.advance(retryAfter(held) * 1000);
    expect((await guess('192.0.2.52')).status).toBe(401);
    const longer = await guess('192.0.2.53');
    expect(longer.status).toBe(429);
    expect(retryAfter(longer)).toBe(2 * GUESS_BACK_OFF.firstWaitSeconds);

    // Someone guessing on and on: the wait grows to its cap and no further.
    let waited = retryAfter(longer);
    for (let i = 0; i < 12; i++) {
      clock.advance(waited * 1000);
      expect((await guess(`198.51.100.${i + 1}`)).status).toBe(401);
      waited = retryAfter(await guess(`198.51.100.${i + 101}`));
    }
    expect(waited).toBe(GUESS_BACK_OFF.maxWaitSeconds);
    clock.advance(waited * 1000);
    expect((await guess('203.0.113.250', 'let-me-in')).status).toBe(201);
  });

  it('are counted per link: another link’s password opens while this one is held', async () => {
    const held = await shared({ password: 'let-me-in' });
    for (let i = 0; i <= GUESS_BACK_OFF.free; i++) await openVisit(viewer(), held.token, { password: 'wrong-guess' });
    expect((await openVisit(viewer(), held.token, { password: 'let-me-in' })).status).toBe(429);
    const other = await shared({ password: 'let-me-in' });
    expect((await openVisit(viewer(), other.token, { password: 'let-me-in' })).status).toBe(201);
  });
});

describe('the email gate', () => {
  it('mails a code that opens the link once, for that address only', async () => {
    const { token, link } = await shared({ requireEmail: true });
    const reader = viewer();
    const email = 'reader@example.com.au';
    expect(await errorCode(await openVisit(reader, token, { email }))).toEqual(expect.objectContaining({ code: 'LINK_LOCKED', details: { password: false, email: true } }));
    expect((await reader.request(`/api/s/${token}/email-code`, { method: 'POST', json: { email } })).status).toBe(202);
    const code = await codeMailedTo(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await errorCode(await openVisit(reader, token, { email, code: wrongCode }))).toMatchObject({ code: 'EMAIL_CODE_INCORRECT' });
    expect(await errorCode(await openVisit(reader, token, { email: 'other@example.com.au', code }))).toMatchObject({ code: 'EMAIL_CODE_INCORRECT' });
    const opened = await openVisit(reader, token, { email: 'Reader@Example.com.au', code });
    expect(opened.status).toBe(201);
    // Used once: the same code does not open a second visit.
    expect(await errorCode(await openVisit(viewer(), token, { email, code }))).toMatchObject({ code: 'EMAIL_CODE_INCORRECT' });
    const visits = (await (await alice.request(`/api/v1/links/${link.id}/visits`)).json()) as LinkVisitPage;
    expect(visits.items.map((visit) => visit.viewerEmail)).toEqual([email]);
  });

  it('refuses a code after 10 minutes', async () => {
    const { token, email, reader, code } = await emailGatedLink('late');
    clock.advance(10 * MINUTE + 1000);
    expect(await errorCode(await openVisit(reader, token, { email, code }))).toMatchObject({ code: 'EMAIL_CODE_INCORRECT' });
  });

  it('refuses even the right code after five wrong guesses', async () => {
    const { token, email, reader, code } = await emailGatedLink('guesser');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect(await errorCode(await openVisit(reader, token, { email, code: wrong }))).toMatchObject({ code: 'EMAIL_CODE_INCORRECT' });
    expect(await errorCode(await openVisit(reader, token, { email, code }))).toMatchObject({ code: 'EMAIL_CODE_INCORRECT' });
  });

  it('backs off wrong codes per link, for any mailbox from any address; the rightful viewer waits, never locked out', async () => {
    const { token, email, reader, code } = await emailGatedLink('rightful');
    // Each mailbox has five guesses of its own; a guesser who spreads them over mailboxes and addresses still spends the link's.
    const guess = (i: number) => openVisit(viewer(), token, { email: `guesser-${i}@example.com.au`, code: '123456' });
    for (let i = 0; i < GUESS_BACK_OFF.free; i++) expect(await errorCode(await guess(i))).toMatchObject({ code: 'EMAIL_CODE_INCORRECT' });
    expect(await errorCode(await guess(GUESS_BACK_OFF.free))).toMatchObject({ code: 'EMAIL_CODE_INCORRECT' });
    const held = await openVisit(reader, token, { email, code });
    expect(held.status).toBe(429);
    expect(retryAfter(held)).toBe(GUESS_BACK_OFF.firstWaitSeconds);
    clock.advance(retryAfter(held) * 1000);
    expect((await openVisit(reader, token, { email, code })).status).toBe(201);
  });

  it('counts wrong passwords and wrong codes of one link together', async () => {
    const { token } = await shared({ password: 'let-me-in', requireEmail: true });
    const email = `both-guesses-${nextIp}@example.com.au`;
    for (let i = 0; i < GUESS_BACK_OFF.free; i++) {
      const wrong = i % 2 === 0 ? { password: 'wrong-guess', email, code: '123456' } : { password: 'let-me-in', email, code: '123456' };
      expect((await openVisit(viewer(), token, wrong)).status).toBe(401);
    }
    expect((await openVisit(viewer(), token, { password: 'let-me-in', email, code: '123456' })).status).toBe(401);
    expect((await openVisit(viewer(), token, { password: 'let-me-in', email, code: '123456' })).status).toBe(429);
  });

  it('checks allow and block lists: the block list wins, an allow list must match', async () => {
    const { token } = await shared({ allowList: ['@example.com.au', 'guest@partner.com'], blockList: ['spy@example.com.au'] });
    expect((await (await viewer().request(`/api/s/${token}`)).json()) as ShareViewerInfo).toMatchObject({ gates: { password: false, email: true } });
    for (const email of ['outsider@other.com', 'spy@example.com.au']) {
      const reader = viewer();
      expect((await reader.request(`/api/s/${token}/email-code`, { method: 'POST', json: { email } })).status).toBe(202);
      await ctx.container.mail.idle();
      expect(await ctx.mails(email)).toHaveLength(0);
      expect(await errorCode(await openVisit(reader, token, { email, code: '123456' }))).toMatchObject({ code: 'EMAIL_NOT_ALLOWED' });
    }
    for (const email of ['staff@example.com.au', 'guest@partner.com']) {
      const reader = viewer();
      await reader.request(`/api/s/${token}/email-code`, { method: 'POST', json: { email } });
      expect((await openVisit(reader, token, { email, code: await codeMailedTo(email) })).status).toBe(201);
    }
  });

  it('blocks every spelling of a blocked mailbox and the subdomains of a blocked @domain; mails the code to the address as written', async () => {
    const { token } = await shared({ blockList: ['mallory@gmail.com', '@rival.com'] });
    for (const email of ['mallory+x@gmail.com', 'm.allory@gmail.com', 'm.allory+y@googlemail.com', 'eve@mail.rival.com']) {
      const reader = viewer();
      expect((await reader.request(`/api/s/${token}/email-code`, { method: 'POST', json: { email } })).status).toBe(202);
      await ctx.container.mail.idle();
      expect(await ctx.mails(email), email).toHaveLength(0);
      expect(await errorCode(await openVisit(reader, token, { email, code: '123456' })), email).toMatchObject({ code: 'EMAIL_NOT_ALLOWED' });
    }
    const email = `reader+wattle-${nextIp}@example.com.au`;
    const reader = viewer();
    await reader.request(`/api/s/${token}/email-code`, { method: 'POST', json: { email } });
    expect((await openVisit(reader, token, { email, code: await codeMailedTo(email) })).status).toBe(201);
  });

  it('asks for both when the link has a password and an email gate', async () => {
    const { token } = await shared({ password: 'let-me-in', requireEmail: true });
    const reader = viewer();
    const email = `both-${nextIp}@example.com.au`;
    expect(await errorCode(await openVisit(reader, token, { password: 'let-me-in' }))).toEqual(expect.objectContaining({ code: 'LINK_LOCKED', details: { password: true, email: true } }));
    await reader.request(`/api/s/${token}/email-code`, { method: 'POST', json: { email } });
    const code = await codeMailedTo(email);
    expect(await errorCode(await openVisit(reader, token, { password: 'nope', email, code }))).toMatchObject({ code: 'LINK_PASSWORD_INCORRECT' });
    expect((await openVisit(reader, token, { password: 'let-me-in', email, code })).status).toBe(201);
  });
});

describe('links that stop working', () => {
  it('answers 410 past the expiry date', async () => {
    const { token } = await shared({ expiresAt: new Date(clock.now().getTime() + 60 * MINUTE).toISOString() });
    const reader = viewer();
    expect((await openVisit(reader, token)).status).toBe(201);
    clock.advance(61 * MINUTE);
    expect(await errorCode(await reader.request(`/api/s/${token}`))).toMatchObject({ code: 'LINK_GONE' });
    expect((await pageImage(reader, token, 1)).status).toBe(410);
  });

  it('answers 410 to a new viewer once its views are used; counted viewers read on', async () => {
    const { token } = await shared({ maxViews: 2 });
    const [first, second, third] = [viewer(), viewer(), viewer()];
    expect((await openVisit(first, token)).status).toBe(201);
    expect((await openVisit(second, token)).status).toBe(201);
    expect(await errorCode(await openVisit(third, token))).toMatchObject({ code: 'LINK_GONE' });
    expect((await third.request(`/api/s/${token}`)).status).toBe(410);
    expect((await pageImage(first, token, 1)).status).toBe(200);
  });

  it('answers 410 at once when revoked, in a second API process on the same database too', async () => {
    const { token, link } = await shared();
    const reader = viewer();
    expect((await openVisit(reader, token)).status).toBe(201);
    const other: Container = await composeContainer(ctx.container.config, {
      logger: createLogger('silent'),
      clock,
      // The database is the first process's: the second must not close it.
      database: { ...ctx.container.database, close: async () => {} },
    });
    try {
      const otherApp = createApp(other);
      const cookie = [...reader.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const fromOther = (path: string) => otherApp.request(path, { headers: { cookie, origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.250' } });
      expect((await fromOther(`/api/s/${token}/pages/1`)).status).toBe(200);
      expect((await alice.request(`/api/v1/links/${link.id}/revoke`, { method: 'POST' })).status).toBe(200);
      expect((await fromOther(`/api/s/${token}/pages/1`)).status).toBe(410);
      expect((await fromOther(`/api/s/${token}`)).status).toBe(410);
      expect((await pageImage(reader, token, 1)).status).toBe(410);
    } finally {
      await other.close();
    }
  });

  it('keeps the document and its page cache sealed on disk: no PDF, image or page size in the clear', async () => {
    const sealedDoc = await storedDocument(alice, await makePdf({ pages: 2 }), 'Payroll.pdf');
    const { token } = await shared({ documentId: sealedDoc });
    const reader = viewer();
    expect((await openVisit(reader, token)).status).toBe(201);
    const image = await pageImage(reader, token, 1);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp');
    const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    const cached = filesUnder(join(dataPaths(ctx.dataDir).sharePages, sealedDoc));
    const stored = filesUnder(join(dataPaths(ctx.dataDir).blobs, 'pdfs'));
    expect(cached.map((path) => path.split('/').pop())).toEqual(expect.arrayContaining(['document.pdf', 'pages.json', 'page-1-800.webp']));
    for (const path of [...cached, ...stored]) {
      const bytes = readFileSync(path);
      expect(bytes.subarray(0, 8).toString('latin1'), path).toBe('WATTLE\x00\x01');
      for (const clear of ['%PDF', 'WEBP', '"width"']) expect(bytes.includes(clear), `${clear} in ${path}`).toBe(false);
    }
  });

  it('answers 410 once the document is deleted', async () => {
    const doomed = await storedDocument(alice, await makePdf({ pages: 1 }), 'Old draft.pdf');
    const { token } = await shared({ documentId: doomed });
    const reader = viewer();
    expect((await openVisit(reader, token)).status).toBe(201);
    expect((await pageImage(reader, token, 1)).status).toBe(200);
    const pagesOnDisk = join(dataPaths(ctx.dataDir).sharePages, doomed);
    expect(existsSync(pagesOnDisk)).toBe(true);
    expect((await alice.request(`/api/documents/${doomed}`, { method: 'DELETE' })).status).toBe(204);
    expect((await pageImage(reader, token, 1)).status).toBe(410);
    expect((await reader.request(`/api/s/${token}`)).status).toBe(410);
    // Its page images went with it.
    expect(existsSync(pagesOnDisk)).toBe(false);
  });
});

describe('documents the engine cannot draw', () => {
  it('answers a password-protected document’s pages with PDF_ENCRYPTED, not a server error', async () => {
    const locked = await storedDocument(alice, await makePdf({ pages: 1, encrypted: true }), 'Locked.pdf');
    const { token } = await shared({ documentId: locked });
    const reader = viewer();
    expect((await openVisit(reader, token)).status).toBe(201);
    const res = await pageImage(reader, token, 1);
    expect(res.status).toBe(422);
    expect(await errorCode(res)).toMatchObject({ code: 'PDF_ENCRYPTED' });
  });
});

describe('watermark and download', () => {
  /** Pixels that differ between two page images of the same size. */
  async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
    const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
    let differing = 0;
    for (let i = 0; i < x!.length; i += 3) if (Math.abs(x![i]! - y![i]!) > 24) differing++;
    return differing;
  }

  it('burns the watermark into the page images of a link that has it on', async () => {
    const plain = await shared();
    const marked = await shared({ watermark: true });
    // One browser per link: the test client keeps one cookie per name, whatever its Path.
    const [reader, markedReader] = [viewer(), viewer()];
    await openVisit(reader, plain.token);
    await openVisit(markedReader, marked.token);
    const [a, b] = await Promise.all([pageImage(reader, plain.token, 1), pageImage(markedReader, marked.token, 1)]);
    expect(b.headers.get('content-type')).toBe('image/webp');
    const [plainImage, markedImage] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
    expect((await sharp(markedImage).metadata()).width).toBe((await sharp(plainImage).metadata()).width);
    // Positive control: the same page twice without a watermark is the same picture.
    expect(await differingPixels(plainImage, Buffer.from(await (await pageImage(reader, plain.token, 1)).arrayBuffer()))).toBe(0);
    expect(await differingPixels(plainImage, markedImage)).toBeGreaterThan(2000);
  });

  it('never sends the PDF when download is off', async () => {
    const { token } = await shared();
    const reader = viewer();
    await openVisit(reader, token);
    const res = await reader.request(`/api/s/${token}/download`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toContain('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).includes('%PDF')).toBe(false);
  });

  it('sends the PDF when download is on, records it and tells the owner', async () => {
    const { token, link } = await shared({ allowDownload: true, name: 'Download me' });
    const reader = viewer();
    expect((await reader.request(`/api/s/${token}/download`)).status).toBe(401);
    await openVisit(reader, token);
    const res = await reader.request(`/api/s/${token}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const visits = (await (await alice.request(`/api/v1/links/${link.id}/visits`)).json()) as LinkVisitPage;
    expect(visits.items[0]!.downloaded).toBe(true);
    const notifications = (await (await alice.request('/api/notifications')).json()) as { items: { type: string; body: string }[] };
    expect(notifications.items.filter((n) => n.type === 'share.download' && n.body.includes('Download me'))).toHaveLength(1);
  });

  it('watermarks the downloaded PDF when the watermark is on', async () => {
    const { token } = await shared({ allowDownload: true, watermark: true });
    const plain = await shared({ allowDownload: true });
    const [reader, plainReader] = [viewer(), viewer()];
    await openVisit(reader, token);
    await openVisit(plainReader, plain.token);
    const marked = Buffer.from(await (await reader.request(`/api/s/${token}/download`)).arrayBuffer());
    const original = Buffer.from(await (await plainReader.request(`/api/s/${plain.token}/download`)).arrayBuffer());
    expect(marked.subarray(0, 5).toString()).toBe('%PDF-');
    expect(marked.equals(original)).toBe(false);
    expect(marked.length).toBeGreaterThan(original.length);
  });
});

describe('dwell time and analytics', () => {
  it('adds up reported page time, bounded by the time that passed, and tells the owner once of the first view', async () => {
    const { token, link } = await shared({ name: 'Counted' });
    const [first, second] = [viewer(), viewer()];
    await openVisit(first, token);
    await openVisit(second, token);
    clock.advance(MINUTE);
    const report = (client: TestClient, pages: unknown) => client.request(`/api/s/${token}/time`, { method: 'POST', json: { pages } });
    expect((await report(first, [{ page: 1, ms: 20_000 }, { page: 2, ms: 10_000 }])).status).toBe(204);
    expect((await report(second, [{ page: 1, ms: 5_000 }])).status).toBe(204);
    // No time passed since the last report: ten minutes claimed are cut to the network's slack.
    expect((await report(first, [{ page: 3, ms: 600_000 }])).status).toBe(204);
    // Bad reports are refused.
    expect((await report(first, [{ page: 4, ms: 1000 }])).status).toBe(400);
    expect((await report(first, [{ page: 1, ms: 600_001 }])).status).toBe(400);
    expect((await report(first, [{ page: 1, ms: -1 }])).status).toBe(400);
    expect((await report(first, Array.from({ length: 101 }, () => ({ page: 1, ms: 1 })))).status).toBe(400);
    expect((await report(viewer(), [{ page: 1, ms: 1000 }])).status).toBe(401);

    const analytics = (await (await alice.request(`/api/v1/links/${link.id}/analytics`)).json()) as LinkAnalytics;
    expect(analytics).toEqual({
      visits: 2,
      uniqueViewers: 2,
      totalMs: 20_000 + 10_000 + 5_000 + 15_000,
      pages: [
        { page: 1, ms: 25_000 },
        { page: 2, ms: 10_000 },
        { page: 3, ms: 15_000 },
      ],
    });
    const visits = (await (await alice.request(`/api/v1/links/${link.id}/visits`)).json()) as LinkVisitPage;
    expect(visits).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(visits.items.map((visit) => visit.totalMs).sort((a, b) => a - b)).toEqual([5_000, 45_000]);
    const notifications = (await (await alice.request('/api/notifications')).json()) as { items: { type: string; body: string; link: string }[] };
    expect(notifications.items.filter((n) => n.type === 'share.first_view' && n.body.includes('Counted'))).toEqual([
      expect.objectContaining({ link: '/dashboard/share' }),
    ]);
  });

  it('answers 404 to another account and 401 to no account', async () => {
    const { link } = await shared();
    for (const path of [`/api/v1/links/${link.id}/visits`, `/api/v1/links/${link.id}/analytics`]) {
      expect((await bob.request(path)).status).toBe(404);
      expect((await viewer().request(path)).status).toBe(401);
      expect((await alice.request(path)).status).toBe(200);
    }
    expect((await alice.request('/api/v1/links/not-a-uuid/analytics')).status).toBe(404);
  });
});
