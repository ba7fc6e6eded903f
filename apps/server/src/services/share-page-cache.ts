import { availableParallelism } from 'node:os';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { randomUUID } from 'node:crypto';
import { pageSizes, renderPage, type PageSize } from '@wattle/pdf-engine';
import { BlobIntegrityError, BlobNotFoundError, type BlobStore } from '../adapters/blob-store/blob-store.ts';
import { createEncryptedBlobStore } from '../adapters/blob-store/encrypted.ts';
import { createLocalBlobDriver } from '../adapters/blob-store/local.ts';
import type { Ports } from '../ports.ts';
import { dataPaths, processWorkDir } from '../data-dir.ts';
import { openStoredBytes } from './documents.ts';

/**
 * Page images of shared documents, rendered once per (document, version, page, width bucket) and kept
 * on local disk, so a page costs one pdftoppm run however many viewers read it. A new version gets
 * new images (the version is in the path); deleting the document removes its folder. Every file there
 * is sealed like a blob (decision 137): the document's copy is opened into a scratch file per render.
 */

/** The document a link opens, as far as its page images care: its current version's bytes. */
export interface SharedDocument {
  id: string;
  version: number;
  filePath: string;
}

/** Requested widths round up to one of these, so the cache holds at most five images per page. */
const WIDTH_BUCKETS = [400, 800, 1200, 1600, 2000] as const;
export const MIN_PAGE_WIDTH = 200;
export const MAX_PAGE_WIDTH = 2000;

/** The cache's size on disk; past it the least recently read documents go first. */
const CACHE_MAX_BYTES = 1024 * 1024 * 1024;
const TRIM_EVERY_MS = 60_000;

export function widthBucket(requested: number): number {
  const width = Math.min(MAX_PAGE_WIDTH, Math.max(MIN_PAGE_WIDTH, Math.round(requested) || MAX_PAGE_WIDTH));
  return WIDTH_BUCKETS.find((bucket) => bucket >= width) ?? MAX_PAGE_WIDTH;
}

/**
 * Since start: pages rendered, served from the cache, and served by waiting on a render another viewer
 * started (the bench reports how much rendering the cache saves).
 */
/** What the cache reads its document with and seals its files under. */
type CachePorts = Pick<Ports, 'dataDir' | 'logger' | 'blobStore' | 'blobKeys'>;

const stats = { renders: 0, hits: 0, sharedRenders: 0 };
export const pageCacheStats = () => ({ ...stats });

const versionDir = (container: CachePorts, doc: SharedDocument) => join(dataPaths(container.dataDir).sharePages, doc.id, String(doc.version));

/** The cache's files, sealed under the blob keys; a key names a file in a version's folder. */
const cacheFiles = (container: CachePorts): BlobStore =>
  createEncryptedBlobStore(createLocalBlobDriver(dataPaths(container.dataDir).sharePages), container.blobKeys);
const cacheKey = (doc: SharedDocument, name: string) => `${doc.id}/${doc.version}/${name}`;

/** The same file asked for by many viewers at once is made once. */
const inFlight = new Map<string, Promise<unknown>>();
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const task = make().finally(() => inFlight.delete(key));
  inFlight.set(key, task);
  return task;
}

/**
 * Image work (renders, and watermarking per view) runs at most one per core: fifty viewers arriving
 * together queue instead of starting fifty processes or holding fifty decoded pages in memory.
 */
let rendering = 0;
const waiting: Array<() => void> = [];
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (rendering >= availableParallelism()) await new Promise<void>((resolve) => waiting.push(resolve));
  rendering++;
  try {
    return await work();
  } finally {
    rendering--;
    waiting.shift()?.();
  }
}

/** A cached file's bytes; one sealed under a key this server no longer holds is made again. */
async function readIfThere(container: CachePorts, key: string): Promise<Buffer | undefined> {
  try {
    return await buffer(await cacheFiles(container).get(key));
  } catch (err) {
    if (err instanceof BlobNotFoundError || err instanceof BlobIntegrityError) return undefined;
    throw err;
  }
}

/** The current version's PDF in the cache folder (copied once from the blob store); older versions' folders go. */
async function cacheSourcePdf(container: CachePorts, doc: SharedDocument): Promise<void> {
  const key = cacheKey(doc, 'document.pdf');
  if (await cacheFiles(container).stat(key)) return;
  await once(key, async () => {
    await cacheFiles(container).put(key, await openStoredBytes(container, doc.filePath, doc.id));
    const documentDir = join(dataPaths(container.dataDir).sharePages, doc.id);
    for (const version of await readdir(documentDir)) {
      if (version !== String(doc.version)) await rm(join(documentDir, version), { recursive: true, force: true });
    }
  });
}

/** Runs work on a plaintext copy of the version's PDF in this process's scratch, removed afterwards. */
async function withSourcePdf<T>(container: CachePorts, doc: SharedDocument, work: (path: string) => Promise<T>): Promise<T> {
  await cacheSourcePdf(container, doc);
  const scratch = processWorkDir(container.dataDir);
  await mkdir(scratch, { recursive: true });
  const path = join(scratch, `shared-${randomUUID()}.pdf`);
  try {
    await cacheFiles(container).getFile(cacheKey(doc, 'document.pdf'), path);
    return await work(path);
  } finally {
    await rm(path, { force: true });
  }
}

/** Every page's size in points, read once per version. */
export async function sharedPageSizes(container: CachePorts, doc: SharedDocument): Promise<PageSize[]> {
  const key = cacheKey(doc, 'pages.json');
  const cached = await readIfThere(container, key);
  if (cached) return JSON.parse(cached.toString('utf8')) as PageSize[];
  return once(key, async () => {
    const sizes = await withSourcePdf(container, doc, (source) => pageSizes(source));
    await cacheFiles(container).put(key, Buffer.from(JSON.stringify(sizes)));
    return sizes;
  });
}

/** Page `page` (1-based) as WebP at the width bucket: from the cache, or rendered and kept. */
export async function sharedPageImage(container: CachePorts, doc: SharedDocument, page: number, width: number): Promise<Buffer> {
  const dir = versionDir(container, doc);
  const key = cacheKey(doc, `page-${page}-${widthBucket(width)}.webp`);
  const cached = await readIfThere(container, key);
  if (cached) {
    stats.hits++;
    // The folder's time is when it was last read: the trim removes the coldest documents first.
    const now = new Date();
    await utimes(dir, now, now).catch(() => {});
    return cached;
  }
  if (inFlight.has(key)) stats.sharedRenders++;
  return once(key, async () => {
    const image = await withImageSlot(() =>
      withSourcePdf(container, doc, (source) => renderPage(source, page, widthBucket(width), { workDir: processWorkDir(container.dataDir) })),
    );
    stats.renders++;
    await cacheFiles(container).put(key, image);
    void trimSoon(container);
    return image;
  });
}

/** Removes a document's page images (the document was deleted). */
export async function removeSharedPages(container: Pick<Ports, 'dataDir'>, documentId: string): Promise<void> {
  await rm(join(dataPaths(container.dataDir).sharePages, documentId), { recursive: true, force: true });
}

let lastTrim = 0;
async function trimSoon(container: CachePorts): Promise<void> {
  const now = Date.now();
  if (now - lastTrim < TRIM_EVERY_MS) return;
  lastTrim = now;
  await trimPageCache(dataPaths(container.dataDir).sharePages, CACHE_MAX_BYTES).catch((err) =>
    container.logger.warn({ err }, 'share page cache not trimmed'),
  );
}

/** Removes whole document versions, least recently read first, until the cache fits maxBytes. */
export async function trimPageCache(root: string, maxBytes: number): Promise<number> {
  const versions: { path: string; bytes: number; readAt: number }[] = [];
  for (const documentId of await readdir(root).catch(() => [] as string[])) {
    for (const version of await readdir(join(root, documentId)).catch(() => [] as string[])) {
      const path = join(root, documentId, version);
      const files = await readdir(path).catch(() => [] as string[]);
      const sizes = await Promise.all(files.map((name) => stat(join(path, name)).then((s) => s.size, () => 0)));
      const readAt = await stat(path).then((s) => s.mtimeMs, () => 0);
      versions.push({ path, bytes: sizes.reduce((a, b) => a + b, 0), readAt });
    }
  }
  let total = versions.reduce((sum, v) => sum + v.bytes, 0);
  let removed = 0;
  for (const version of versions.sort((a, b) => a.readAt - b.readAt)) {
    if (total <= maxBytes) break;
    await rm(version.path, { recursive: true, force: true });
    total -= version.bytes;
    removed++;
  }
  return removed;
}
