import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blob-store.ts';
import { createLocalBlobStore } from './local.ts';
import { createS3BlobStore } from './s3.ts';

interface Driver {
  name: string;
  start(): Promise<{ store: BlobStore; stop(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'wattle-blobs-'));
      return { store: createLocalBlobStore(dir), stop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3 (s3rver on loopback)',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'wattle-s3rver-'));
      const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'wattle-test', configs: [] }] });
      const { port } = (await server.run()) as AddressInfo;
      const store = createS3BlobStore({
        bucket: 'wattle-test',
        region: 'ap-southeast-2',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      return {
        store,
        async stop() {
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

/** A stream of n random bytes in 64 KiB chunks, optionally failing after `failAfter` bytes. */
function randomStream(n: number, failAfter?: number): { stream: Readable; bytes: Buffer } {
  const bytes = randomBytes(n);
  let offset = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) return this.destroy(new Error('client went away'));
      if (offset >= n) return this.push(null);
      this.push(bytes.subarray(offset, offset + 65536));
      offset += 65536;
    },
  });
  return { stream, bytes };
}

describe.each(drivers)('BlobStore driver: $name', (driver) => {
  let store: BlobStore;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ store, stop } = await driver.start());
  });
  afterAll(() => stop());

  it('answers ping', async () => {
    expect(await store.ping()).toBe(true);
  });

  it('stores a buffer and reads it back', async () => {
    const body = Buffer.from('%PDF-1.7 hello');
    expect(await store.put('pdfs/u1/a', body, { contentType: 'application/pdf' })).toEqual({ size: body.length });
    expect(await buffer(await store.get('pdfs/u1/a'))).toEqual(body);
    expect(await store.stat('pdfs/u1/a')).toEqual({ size: body.length });
  });

  it('streams a body larger than one part and reports its size', async () => {
    const { stream, bytes } = randomStream(11 * 1024 * 1024 + 123);
    expect(await store.put('pdfs/u1/big', stream)).toEqual({ size: bytes.length });
    expect((await buffer(await store.get('pdfs/u1/big'))).equals(bytes)).toBe(true);
  });

  it("stores a file by its path (a job's outputs), replacing what the key held", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wattle-blob-file-'));
    const path = join(dir, 'page-1.pdf');
    writeFileSync(path, '%PDF-1.7 one page');
    await store.put('jobs/j1/0-page-1.pdf', Buffer.from('older'));
    expect(await store.putFile('jobs/j1/0-page-1.pdf', path, { contentType: 'application/pdf' })).toEqual({ size: 17 });
    expect((await buffer(await store.get('jobs/j1/0-page-1.pdf'))).toString()).toBe('%PDF-1.7 one page');
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a file under a key whose folder is new, and refuses a file that is not there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wattle-blob-file-'));
    const path = join(dir, 'input');
    writeFileSync(path, '%PDF-1.7 new folder');
    expect(await store.putFile('jobs/new-job/input-0', path)).toEqual({ size: 19 });
    expect((await buffer(await store.get('jobs/new-job/input-0'))).toString()).toBe('%PDF-1.7 new folder');
    await expect(store.putFile('jobs/new-job/input-1', join(dir, 'missing'))).rejects.toThrow();
    expect(await store.stat('jobs/new-job/input-1')).toBeUndefined();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes an object to a file of its own (a job's inputs), which the job may change freely", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wattle-blob-file-'));
    const path = join(dir, 'in-0');
    const { stream, bytes } = randomStream(6 * 1024 * 1024 + 5);
    await store.put('jobs/j2/input-0', stream);
    await store.getFile('jobs/j2/input-0', path);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    writeFileSync(path, 'changed by the job');
    expect((await buffer(await store.get('jobs/j2/input-0'))).equals(bytes)).toBe(true);
    await expect(store.getFile('jobs/nobody/none', join(dir, 'in-1'))).rejects.toBeInstanceOf(BlobNotFoundError);
    rmSync(dir, { recursive: true, force: true });
  });

  it('replaces an existing key', async () => {
    await store.put('avatars/u1.jpg', Buffer.from('one'));
    await store.put('avatars/u1.jpg', Buffer.from('second'));
    expect((await buffer(await store.get('avatars/u1.jpg'))).toString()).toBe('second');
  });

  it('reports absent keys', async () => {
    await expect(store.get('pdfs/nobody/none')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.stat('pdfs/nobody/none')).toBeUndefined();
  });

  it('deletes, and deleting twice is not an error', async () => {
    await store.put('pdfs/u1/gone', Buffer.from('x'));
    await store.delete('pdfs/u1/gone');
    await store.delete('pdfs/u1/gone');
    expect(await store.stat('pdfs/u1/gone')).toBeUndefined();
  });

  it('leaves nothing behind when the source stream fails', async () => {
    const { stream } = randomStream(3 * 1024 * 1024, 1024 * 1024);
    await expect(store.put('pdfs/u1/broken', stream)).rejects.toThrow();
    expect(await store.stat('pdfs/u1/broken')).toBeUndefined();
  });

  it('refuses keys that could climb out of the store', async () => {
    for (const key of ['../x', 'pdfs/../../etc/passwd', '/abs', 'a//b', '']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    }
  });
});

describe('local BlobStore: read-only files', () => {
  const roots: string[] = [];
  const storeIn = (parent: string) => {
    const root = mkdtempSync(join(parent, 'wattle-blobs-'));
    roots.push(root);
    return { root, store: createLocalBlobStore(root) };
  };
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it("hands a read-only file over as the object's own bytes (a link), and a changeable one as a copy", async () => {
    const { root, store } = storeIn(tmpdir());
    const jobDir = mkdtempSync(join(root, 'job-'));
    await store.put('jobs/j1/input-0', Buffer.from('%PDF-1.7 the upload'));
    await store.getFile('jobs/j1/input-0', join(jobDir, 'linked'), { readOnly: true });
    await store.getFile('jobs/j1/input-0', join(jobDir, 'copied'));
    const object = statSync(join(root, 'jobs/j1/input-0'));
    expect(statSync(join(jobDir, 'linked')).ino).toBe(object.ino);
    expect(statSync(join(jobDir, 'copied')).ino).not.toBe(object.ino);
    // Swept from the store while the job runs: the job still has its input.
    await store.delete('jobs/j1/input-0');
    expect(readFileSync(join(jobDir, 'linked'), 'utf8')).toBe('%PDF-1.7 the upload');
    await expect(store.getFile('jobs/j1/input-0', join(jobDir, 'gone'), { readOnly: true })).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  // A store on another file system than the job's directory (here a RAM disk) cannot link there.
  const otherDevice = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev;
  it.skipIf(!otherDevice)('copies a read-only file where the store cannot link it', async () => {
    const { store } = storeIn('/dev/shm');
    const jobDir = mkdtempSync(join(tmpdir(), 'wattle-job-'));
    roots.push(jobDir);
    await store.put('jobs/j2/input-0', Buffer.from('%PDF-1.7 elsewhere'));
    await store.getFile('jobs/j2/input-0', join(jobDir, 'in'), { readOnly: true });
    expect(readFileSync(join(jobDir, 'in'), 'utf8')).toBe('%PDF-1.7 elsewhere');
    expect(statSync(join(jobDir, 'in')).mode & 0o777).toBe(0o600);
  });
});
