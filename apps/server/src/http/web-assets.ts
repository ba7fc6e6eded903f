import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** The copies the web build writes beside each compressible file (decision 092), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** Hashed file names change with their content: cached for a year. index.html is checked every time so a deploy shows at once. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The encoding to send from those on disk, by the client's Accept-Encoding (q-values and `*` honoured;
 * q=0 refuses); undefined for the file as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: { name: Encoding; weight: number } | undefined;
  for (const { name } of ENCODINGS) {
    if (!available.includes(name)) continue;
    const weight = weights.get(name) ?? weights.get('*') ?? 0;
    if (weight > 0 && (!best || weight > best.weight)) best = { name, weight };
  }
  return best?.name;
}

async function fileSize(path: string): Promise<number | undefined> {
  const stats = await stat(path).catch(() => undefined);
  return stats?.isFile() ? stats.size : undefined;
}

/** Sends one file of the build, precompressed when the client takes it. */
export async function sendWebFile(c: Context, root: string, relativePath: string, cacheControl?: string): Promise<Response | undefined> {
  const path = resolve(root, `.${sep}${relativePath}`);
  if (!path.startsWith(root + sep)) return undefined;
  const size = await fileSize(path);
  if (size === undefined) return undefined;
  const copies: { name: Encoding; size: number }[] = [];
  for (const { name, suffix } of ENCODINGS) {
    const copySize = await fileSize(path + suffix);
    if (copySize !== undefined) copies.push({ name, size: copySize });
  }
  const encoding = chooseEncoding(c.req.header('accept-encoding'), copies.map((copy) => copy.name));
  const headers: Record<string, string> = { 'Content-Type': getMimeType(path) ?? 'application/octet-stream' };
  // Caches must keep each encoding apart whenever there is more than one to send.
  if (copies.length > 0) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  if (cacheControl) headers['Cache-Control'] = cacheControl;
  const chosen = encoding ? copies.find((copy) => copy.name === encoding)! : { size };
  headers['Content-Length'] = String(chosen.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const file = encoding ? path + ENCODINGS.find((e) => e.name === encoding)!.suffix : path;
  return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200, headers);
}

/**
 * The built web app: paths that name a file of the build are served from it (hashed /assets/* cached
 * for a year), every other GET is a client route and gets index.html, never cached.
 */
export function webApp(root: string): MiddlewareHandler {
  const base = resolve(root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = safeDecode(c.req.path);
    if (path && /\/[^/]+\.[A-Za-z0-9]+$/.test(path)) {
      const sent = await sendWebFile(c, base, path, path.startsWith('/assets/') ? IMMUTABLE : undefined);
      if (sent) return sent;
    }
    return (await sendWebFile(c, base, 'index.html', 'no-cache')) ?? next();
  };
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
