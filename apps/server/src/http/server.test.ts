import { describe, expect, it } from 'vitest';
import { sendAndAwaitClose, serveOnLoopback } from '../test/sockets.ts';

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
