import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server that records every request: documents under test must never reach it. */
export interface Canary {
  url(path: string): string;
  hits: string[];
  close(): Promise<void>;
}

const PIXEL = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d4944415478da63f8cfc0f01f0005000200' + '30d0d5ee0000000049454e44ae426082',
  'hex',
);

export async function startCanary(): Promise<Canary> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PIXEL);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
