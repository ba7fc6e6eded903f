import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseEncoding, webApp } from './web-assets.ts';

const parent = mkdtempSync(join(tmpdir(), 'web-assets-'));
const root = join(parent, 'dist');
const script = 'export const answer = 42;\n'.repeat(200);
const indexHtml = '<!doctype html><title>Wattle PDF</title>';
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'assets/index-abc123.js'), script);
writeFileSync(join(root, 'assets/index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(root, 'assets/index-abc123.js.gz'), gzipSync(script));
writeFileSync(join(root, 'assets/logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(root, 'index.html'), indexHtml);
writeFileSync(join(parent, 'outside.txt'), 'not in the build');

const app = new Hono().use('*', webApp(root));
const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });

afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('chooseEncoding', () => {
  it('prefers brotli, honours q-values, * and refusals', () => {
    const both = ['br', 'gzip'] as const;
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0', both)).toBeUndefined();
    expect(chooseEncoding('identity', both)).toBeUndefined();
    expect(chooseEncoding(undefined, both)).toBeUndefined();
    expect(chooseEncoding('BR', ['gzip'])).toBeUndefined();
  });
});

describe('the built web app', () => {
  it('sends the brotli copy of a hashed script to a browser that takes it, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip without brotli, and the file as it is without either, always varying by Accept-Encoding', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(script);
  });

  it('answers HEAD with the chosen copy’s length and no body', async () => {
    const res = await get('/assets/index-abc123.js', 'br', 'HEAD');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Number(res.headers.get('content-length'))).toBe(brotliCompressSync(script).length);
    expect(await res.text()).toBe('');
  });

  it('sends files without copies as they are, with no Vary', async () => {
    const res = await get('/assets/logo-abc123.png', 'br, gzip');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
  });

  it('answers client routes and missing files with index.html, never cached', async () => {
    for (const path of ['/', '/tools/merge', '/dashboard/documents', '/missing.js']) {
      const res = await get(path, 'br');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toBe(indexHtml);
    }
  });

  it('never reads outside the build', async () => {
    for (const path of ['/..%2Foutside.txt', '/assets/..%2F..%2Foutside.txt', '/assets/%E0%A4%A.js']) {
      const res = await get(path);
      expect(await res.text(), path).toBe(indexHtml);
    }
  });
});
