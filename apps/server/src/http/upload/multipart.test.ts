import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppError } from '@wattle/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { sendAndAwaitClose, serveOnLoopback } from '../../test/sockets.ts';
import { readMultipart } from './multipart.ts';

const spoolDir = mkdtempSync(join(tmpdir(), 'wattle-multipart-'));
afterAll(() => rmSync(spoolDir, { recursive: true, force: true }));

describe('readMultipart', () => {
  it('refuses a body whose preamble runs past the limit, with no Content-Length to go by', async () => {
    const limit = 64 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * limit) return controller.close();
        pulled += 8192;
        controller.enqueue(new Uint8Array(8192).fill(120)); // no boundary ever comes
      },
    });
    const request = new Request('http://test/upload', { method: 'POST', body, duplex: 'half', headers: { 'content-type': 'multipart/form-data; boundary=x' } } as RequestInit);
    const dir = await mkdtemp(join(spoolDir, 'req-'));
    try {
      await expect(readMultipart(request, { dir, maxFileBytes: limit, maxTotalBytes: limit, maxFiles: 1 })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
      expect(pulled).toBeLessThan(32 * limit);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});

describe('readMultipart over a real socket', () => {
  it('cuts off a submission that stops arriving, answers and keeps no spool file', async () => {
    // As the tools' route does: a private dir per request, removed however the request ends.
    const server = await serveOnLoopback(async (request) => {
      const dir = await mkdtemp(join(spoolDir, 'req-'));
      try {
        await readMultipart(request, { dir, maxFileBytes: 1 << 20, maxTotalBytes: 1 << 20, maxFiles: 2, idleTimeoutMs: 200 });
        return new Response('received');
      } catch (err) {
        return Response.json({ code: (err as AppError).code }, { status: (err as AppError).status });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
    try {
      const form = new FormData();
      form.append('tool', 'compress');
      form.append('files', new Blob([new Uint8Array(256 * 1024)], { type: 'application/pdf' }), 'a.pdf');
      const framed = new Response(form);
      const body = Buffer.from(await framed.arrayBuffer());
      const answer = await sendAndAwaitClose(server.port, {
        method: 'POST',
        path: '/api/v1/jobs',
        headers: { 'content-type': framed.headers.get('content-type')!, 'content-length': body.length },
        body: [body.subarray(0, body.length / 2)],
      });
      expect(answer).toMatchObject({ status: 408, body: JSON.stringify({ code: 'UPLOAD_STALLED' }) });
      expect(readdirSync(spoolDir)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
