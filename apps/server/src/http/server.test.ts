import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.ts';
import { Agent } from 'node:http';
import { sendAndAwaitClose, sendOnAgent, serveOnLoopback, type LoopbackServer } from '../test/sockets.ts';
import { signedInUser } from '../test/users.ts';

describe('the HTTP server', () => {
  it('closes a connection whose body stops arriving, on a route with no idle limit of its own', async () => {
    const server = await serveOnLoopback(async (request) => new Response(`read ${(await request.text()).length} bytes`), { idleMs: 200 });
    try {
      const answer = await sendAndAwaitClose(server.port, {
        method: 'POST',
        path: '/api/anything',
        headers: { 'content-type': 'application/json', 'content-length': 1000 },
        body: [Buffer.from('{"half":')],
      });
      expect(answer).toMatchObject({ status: undefined, bytesSent: 8 });
    } finally {
      await server.close();
    }
  });
});

describe('the app over a real socket', () => {
  const FIFTY_MB = 50 * 1024 * 1024;
  let ctx: TestContext;
  let server: LoopbackServer;
  let client: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext();
    server = await serveOnLoopback(ctx.app.fetch);
    ({ client } = await signedInUser(ctx));
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  /** As fast as the socket takes it: a server that drains what it refused reads all of it. */
  function* fiftyMegabytes() {
    const chunk = Buffer.alloc(64 * 1024);
    for (let sent = 0; sent < FIFTY_MB; sent += chunk.length) yield chunk;
  }

  it.each([
    ['an unmatched route', 'POST', '/api/nope', 404, true],
    ['the avatar', 'PUT', '/api/profile/avatar', 413, true],
    ['a document upload', 'POST', '/api/documents', 413, true],
    // Without a length to refuse up front, the body is counted as it streams: a preamble is no file.
    ['the avatar (no Content-Length)', 'PUT', '/api/profile/avatar', 413, false],
    ['a document upload (no Content-Length)', 'POST', '/api/documents', 413, false],
  ])('refuses 50 MB sent to %s and closes the connection instead of reading them', async (_name, method, path, status, declared) => {
    const answer = await sendAndAwaitClose(server.port, {
      method,
      path,
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: ctx.container.config.publicUrl,
        'content-type': 'multipart/form-data; boundary=b',
        // As a browser asks: the server must close of its own accord, not because the client said so.
        connection: 'keep-alive',
        ...(declared ? { 'content-length': FIFTY_MB } : {}),
      },
      body: fiftyMegabytes(),
    });
    expect(answer.status).toBe(status);
    expect(answer.headers!.connection).toBe('close');
    expect(answer.bytesSent).toBeLessThan(FIFTY_MB);
  });

  describe('a keep-alive client after an answer sent before the body was read', () => {
    let agent: Agent;
    beforeAll(() => {
      agent = new Agent({ keepAlive: true, maxSockets: 1 });
    });
    afterAll(() => agent.destroy());

    const signedIn = () => ({ cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: ctx.container.config.publicUrl });

    it.each([
      ['a job upload with an unknown API key', '/api/v1/jobs', 401, () => ({ authorization: 'Bearer wattle_not_a_key', 'content-length': FIFTY_MB })],
      ['a document upload over the limit', '/api/documents', 413, () => ({ ...signedIn(), 'content-length': FIFTY_MB })],
      ['a document upload over the limit (no Content-Length)', '/api/documents', 413, signedIn],
      ['an unmatched route', '/api/nope', 404, () => ({ 'content-length': FIFTY_MB })],
    ])('is told to reconnect after %s, and its next request is served', async (_name, path, status, headers) => {
      const refused = await sendOnAgent(agent, server.port, {
        method: 'POST',
        path,
        headers: { 'content-type': 'multipart/form-data; boundary=b', ...headers() },
        body: fiftyMegabytes(),
      });
      expect(refused.status).toBe(status);
      expect(refused.headers!.connection).toBe('close');
      const next = await sendOnAgent(agent, server.port, { method: 'GET', path: '/api/health', headers: {}, body: [] });
      expect(next).toMatchObject({ status: 200 });
    });

    it('keeps the connection of an answer given after the whole body was read', async () => {
      const form = Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="notes.pdf"\r\nContent-Type: application/pdf\r\n\r\nnot a pdf\r\n--b--\r\n');
      const read = await sendOnAgent(agent, server.port, { method: 'POST', path: '/api/documents', headers: { 'content-type': 'multipart/form-data; boundary=b', ...signedIn() }, body: [form] });
      expect(read.status).toBe(422);
      expect(read.headers!.connection).toBe('keep-alive');
    });
  });
});
