import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { notify } from '../../services/notifications.ts';
import { signedInForFile } from '../../test/signed-in-for-file.ts';
import { signedInUser } from '../../test/users.ts';
import { loadSession } from '../middleware/session.ts';
import type { AppEnv } from '../types.ts';
import { eventRoutes } from './events.ts';

const setup = signedInForFile();

/** Reads an SSE body until `until` matches what has arrived; answers everything read. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: RegExp): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (!until.test(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe('GET /api/events', () => {
  it('streams a notification event to the signed-in user after notify', async () => {
    const res = await setup.client.request('/api/events');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const opening = await readUntil(reader, /event: ready\n/);
    expect(opening).toContain('retry: 1000');

    const other = await signedInUser(setup.ctx);
    await notify(setup.ctx.container, other.user.id, { type: 'test', title: 'Not for you', body: '' });
    const mine = await notify(setup.ctx.container, setup.user.id, { type: 'test', title: 'For you', body: '' });
    const text = await readUntil(reader, /event: notification\ndata: .*\n\n/);
    expect(text).toContain(`event: notification\ndata: {"type":"notification","id":"${mine.id}"}`);
    // The other account's event was never written to this stream.
    expect(text.match(/event: notification/g)).toHaveLength(1);
    await reader.cancel();
  });

  it('passes on the other event types', async () => {
    const res = await setup.client.request('/api/events');
    const reader = res.body!.getReader();
    await readUntil(reader, /event: ready\n/);
    await setup.ctx.container.events.publish(setup.user.id, { type: 'documents.changed' });
    expect(await readUntil(reader, /event: documents\.changed\n/)).toContain('data: {"type":"documents.changed"}');
    await reader.cancel();
  });

  it('refuses a visitor', async () => {
    const res = await setup.ctx.client().request('/api/events');
    expect(res.status).toBe(401);
  });

  it('sends heartbeat comments and ends the stream at its lifetime', async () => {
    const app = new Hono<AppEnv>();
    app.use('/api/*', loadSession(setup.ctx.container));
    app.route('/api', eventRoutes(setup.ctx.container, { heartbeatMs: 20, maxStreamMs: 200 }));
    const cookie = [...setup.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.request('/api/events', { headers: { cookie } });
    const reader = res.body!.getReader();
    const text = await readUntil(reader, /: heartbeat\n\n/);
    expect(text).toContain(': heartbeat\n\n');
    // The stream closes on its own at the lifetime (the browser then reconnects): reading ends.
    while (!(await reader.read()).done);
  });
});
