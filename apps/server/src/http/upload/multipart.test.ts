import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppError } from '@wattle/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sendAndAwaitClose, serveOnLoopback } from '../../test/sockets.ts';
import { MULTIPART_OVERHEAD_BYTES, readMultipart, readOneFile } from './multipart.ts';

const spoolDir = mkdtempSync(join(tmpdir(), 'wattle-multipart-'));
afterAll(() => rmSync(spoolDir, { recursive: true, force: true }));

/** A multipart request with no Content-Length whose boundary never comes; `pulled()` says how much was read. */
function endlessPreamble(upTo: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= upTo) return controller.close();
      pulled += 8192;
      controller.enqueue(new Uint8Array(8192).fill(120));
    },
  });
  const request = new Request('http://test/upload', { method: 'POST', body, duplex: 'half', headers: { 'content-type': 'multipart/form-data; boundary=x' } } as RequestInit);
  return { request, pulled: () => pulled };
}

describe('readMultipart', () => {
  it('refuses a body whose preamble runs past the limit, with no Content-Length to go by', async () => {
    const limit = 64 * 1024;
    const { request, pulled } = endlessPreamble(64 * limit);
    const dir = await mkdtemp(join(spoolDir, 'req-'));
    try {
      await expect(readMultipart(request, { spoolDir: dir, maxFileBytes: limit, maxTotalBytes: limit, maxFiles: 1 })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
      expect(pulled()).toBeLessThan(32 * limit);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});

/**
 * Sends half of `form` to a real server whose handler reads it with `read`, then goes quiet; resolves
 * with the answer once the server has closed the connection.
 */
async function sendHalfAndStall(read: (request: Request) => Promise<unknown>, form: FormData) {
  const server = await serveOnLoopback(async (request) => {
    try {
      await read(request);
      return new Response('received');
    } catch (err) {
      return Response.json({ code: (err as AppError).code }, { status: (err as AppError).status });
    }
  });
  try {
    const framed = new Response(form);
    const body = Buffer.from(await framed.arrayBuffer());
    return await sendAndAwaitClose(server.port, {
      method: 'POST',
      path: '/upload',
      headers: { 'content-type': framed.headers.get('content-type')!, 'content-length': body.length },
      body: [body.subarray(0, body.length / 2)],
    });
  } finally {
    await server.close();
  }
}

describe('readMultipart over a real socket', () => {
  it('cuts off a submission that stops arriving, answers and keeps no spool file', async () => {
    const form = new FormData();
    form.append('tool', 'compress');
    form.append('files', new Blob([new Uint8Array(256 * 1024)], { type: 'application/pdf' }), 'a.pdf');
    // A private dir per request, removed however the request ends.
    const answer = await sendHalfAndStall(async (request) => {
      const dir = await mkdtemp(join(spoolDir, 'req-'));
      try {
        await readMultipart(request, { spoolDir: dir, maxFileBytes: 1 << 20, maxTotalBytes: 1 << 20, maxFiles: 2, idleTimeoutMs: 200 });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }, form);
    expect(answer).toMatchObject({ status: 408, body: JSON.stringify({ code: 'UPLOAD_STALLED' }) });
    expect(readdirSync(spoolDir)).toEqual([]);
  });
});

const tempDir = mkdtempSync(join(tmpdir(), 'wattle-receive-'));
const LIMIT = 64 * 1024;
afterEach(() => expect(readdirSync(tempDir)).toEqual([]));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

function formRequest(parts: Array<[string, Blob | string, string?]>, headers: Record<string, string> = {}): Request {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  return new Request('http://test/upload', { method: 'POST', body: form, headers });
}

/** A multipart body sent as a stream with no Content-Length, the way a chunked upload arrives. */
async function chunkedRequest(request: Request, cutAfter?: number): Promise<Request> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  const end = cutAfter ?? bytes.length;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < end; i += 8192) controller.enqueue(bytes.subarray(i, Math.min(i + 8192, end)));
      if (cutAfter === undefined) controller.close();
      else controller.error(new Error('connection reset'));
    },
  });
  return new Request(request.url, { method: 'POST', body, headers: { 'content-type': request.headers.get('content-type')! }, duplex: 'half' } as RequestInit);
}

const file = (n: number) => new Blob([new Uint8Array(n).fill(37)], { type: 'application/pdf' });

describe('readOneFile', () => {
  it('spools the one file to a temp file with its name and declared type', async () => {
    const received = await readOneFile(formRequest([['note', 'hello'], ['file', file(LIMIT), 'Büro Rechnung.pdf']]), { spoolDir: tempDir, maxFileBytes: LIMIT });
    expect(received).toMatchObject({ filename: 'Büro Rechnung.pdf', mimeType: 'application/pdf', size: LIMIT });
    expect(readFileSync(received.path)).toHaveLength(LIMIT);
    await received.remove();
  });

  it('refuses a file one byte over the limit while streaming, with no Content-Length to go by', async () => {
    const request = await chunkedRequest(formRequest([['file', file(LIMIT + 1), 'big.pdf']]));
    await expect(readOneFile(request, { spoolDir: tempDir, maxFileBytes: LIMIT })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('refuses before reading when Content-Length is over the limit', async () => {
    let pulled = 0;
    const body = new ReadableStream({ pull: (c) => void (pulled++, c.enqueue(new Uint8Array(10))) });
    const request = new Request('http://test/upload', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(LIMIT * 2) },
    } as RequestInit);
    await expect(readOneFile(request, { spoolDir: tempDir, maxFileBytes: LIMIT })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('refuses a body whose preamble runs past the limit, with no Content-Length to go by', async () => {
    const { request, pulled } = endlessPreamble(8 * LIMIT);
    await expect(readOneFile(request, { spoolDir: tempDir, maxFileBytes: LIMIT })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(pulled()).toBeLessThan(2 * LIMIT + MULTIPART_OVERHEAD_BYTES);
  });

  it('refuses a form cut short by the client and keeps nothing', async () => {
    const request = await chunkedRequest(formRequest([['file', file(LIMIT), 'a.pdf']]), LIMIT / 2);
    await expect(readOneFile(request, { spoolDir: tempDir, maxFileBytes: LIMIT })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it.each([
    ['no file', formRequest([['note', 'hello']])],
    ['two files', formRequest([['file', file(10), 'a.pdf'], ['file', file(10), 'b.pdf']])],
    ['a JSON body', new Request('http://test/upload', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })],
    ['a multipart type without a boundary', new Request('http://test/upload', { method: 'POST', body: 'x', headers: { 'content-type': 'multipart/form-data' } })],
    ['garbage after the boundary', new Request('http://test/upload', { method: 'POST', body: '--x\r\nnonsense', headers: { 'content-type': 'multipart/form-data; boundary=x' } })],
  ])('answers %s with BAD_REQUEST', async (_name, request) => {
    await expect(readOneFile(request, { spoolDir: tempDir, maxFileBytes: LIMIT })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('readOneFile over a real socket', () => {
  it('cuts off an upload that stops arriving, answers and keeps no spool file', async () => {
    const form = new FormData();
    form.append('file', file(LIMIT), 'a.pdf');
    const answer = await sendHalfAndStall(async (request) => (await readOneFile(request, { spoolDir: tempDir, maxFileBytes: LIMIT, idleTimeoutMs: 200 })).remove(), form);
    expect(answer).toMatchObject({ status: 408, body: JSON.stringify({ code: 'UPLOAD_STALLED' }) });
    expect(readdirSync(tempDir)).toEqual([]);
  });
});
