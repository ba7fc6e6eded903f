import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notify, NOTIFICATIONS_PAGE_SIZE } from '../../services/notifications.ts';
import { signedInForFile } from '../../test/signed-in-for-file.ts';
import { signedInUser } from '../../test/users.ts';

const setup = signedInForFile();

const json = async (path: string, init?: RequestInit, as = setup.client) => {
  const res = await as.request(path, init);
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
};
const unread = async (as = setup.client) => (await json('/api/notifications/unread-count', undefined, as)).body.count as number;

describe('notifications', () => {
  it('welcomes a new account once, on its first visit', async () => {
    const fresh = await signedInUser(setup.ctx);
    expect(await unread(fresh.client)).toBe(0);
    await Promise.all([fresh.client.request('/api/profile'), fresh.client.request('/api/profile'), fresh.client.request('/api/profile')]);
    const { body } = await json('/api/notifications', undefined, fresh.client);
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({ type: 'welcome', title: 'Welcome to Wattle PDF', read: false, link: '/dashboard/documents?upload=true' });
    expect(await unread(fresh.client)).toBe(1);
  });

  it('lists newest first, paginated, with the exact unread count', async () => {
    for (let i = 1; i <= NOTIFICATIONS_PAGE_SIZE + 2; i++) {
      await notify(setup.ctx.container, setup.user.id, { type: 'test', title: `Note ${i}`, body: `Body ${i}`, link: '/dashboard/downloads' });
    }
    // Notes made within one millisecond of the database's clock have no order: each gets its own second.
    await setup.ctx.container.db.execute(
      sql`update notifications set created_at = now() - interval '1 hour' + substring(title from 6)::int * interval '1 second' where user_id = ${setup.user.id} and title like 'Note %'`,
    );
    const first = await json('/api/notifications');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: NOTIFICATIONS_PAGE_SIZE + 2, page: 1, page_size: NOTIFICATIONS_PAGE_SIZE });
    expect(first.body.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.body.items[0]).toMatchObject({ title: `Note ${NOTIFICATIONS_PAGE_SIZE + 2}`, body: `Body ${NOTIFICATIONS_PAGE_SIZE + 2}`, read: false, link: '/dashboard/downloads' });
    const second = await json('/api/notifications?page=2');
    expect(second.body.items.map((n: { title: string }) => n.title)).toEqual(['Note 2', 'Note 1']);
    expect(await unread()).toBe(NOTIFICATIONS_PAGE_SIZE + 2);
    expect((await json('/api/notifications?page=0')).status).toBe(400);
  });

  it('keeps links inside the app', async () => {
    const n = await notify(setup.ctx.container, setup.user.id, { type: 'test', title: 'Sneaky', body: '', link: 'https://evil.example/phish' });
    expect(n.link).toBe('/dashboard');
    await json(`/api/notifications/${n.id}/read`, { method: 'POST' });
  });

  it('marks one read, then all read', async () => {
    const before = await unread();
    const { body } = await json('/api/notifications');
    const target = body.items.find((n: { read: boolean }) => !n.read);
    expect((await json(`/api/notifications/${target.id}/read`, { method: 'POST' })).status).toBe(204);
    expect(await unread()).toBe(before - 1);
    // Marking it again changes nothing and is not an error.
    expect((await json(`/api/notifications/${target.id}/read`, { method: 'POST' })).status).toBe(204);
    const all = await json('/api/notifications/read-all', { method: 'POST' });
    expect(all).toEqual({ status: 200, body: { updated: before - 1 } });
    expect(await unread()).toBe(0);
    expect((await json('/api/notifications')).body.items.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it("answers 404 for another account's notification and leaves it unread", async () => {
    const other = await signedInUser(setup.ctx);
    const theirs = await notify(setup.ctx.container, other.user.id, { type: 'test', title: 'Theirs', body: '' });
    const res = await json(`/api/notifications/${theirs.id}/read`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(await unread(other.client)).toBe(1);
    // Read-all touches only the caller's rows.
    await json('/api/notifications/read-all', { method: 'POST' });
    expect(await unread(other.client)).toBe(1);
    // And the list never shows them.
    expect((await json('/api/notifications')).body.items.some((n: { id: string }) => n.id === theirs.id)).toBe(false);
  });

  it('answers 404 for ids that do not exist or are not ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      expect((await json(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' })).status, id).toBe(404);
    }
  });

  it('refuses a visitor on every route', async () => {
    const visitor = setup.ctx.client();
    for (const [path, method] of [
      ['/api/notifications', 'GET'],
      ['/api/notifications/unread-count', 'GET'],
      ['/api/notifications/read-all', 'POST'],
      ['/api/notifications/00000000-0000-4000-8000-000000000000/read', 'POST'],
    ] as const) {
      expect((await visitor.request(path, { method })).status, path).toBe(401);
    }
  });
});
