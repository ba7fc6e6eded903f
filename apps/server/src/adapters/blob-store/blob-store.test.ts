import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobIntegrityError, BlobNotFoundError, type BlobDriver, type BlobStore } from './blob-store.ts';
import { HEADER_BYTES } from './blob-cipher.ts';
import { createEncryptedBlobStore } from './encrypted.ts';
import { createKeyRing } from './key-ring.ts';
import { createLocalBlobDriver } from './local.ts';
import { createS3BlobDriver } from './s3.ts';

interface Driver {
  name: string;
  start(): Promise<{ driver: BlobDriver; stop(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'wattle-blobs-'));
      return { driver: createLocalBlobDriver(dir), stop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3 (s3rver on loopback)',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'wattle-s3rver-'));
      const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'wattle-test', configs: [] }] });
      const { port } = (await server.run()) as AddressInfo;
      const driver = createS3BlobDriver({
        bucket: 'wattle-test',
        region: 'ap-southeast-2',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      return {
        driver,
        async stop() {
          await server.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

const SECRET = 'the server secret, thirty-two characters or more';
const NEXT_SECRET = 'the next master key, thirty-two characters or more';

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

describe.each(drivers)('BlobStore on the $name driver', (started) => {
  let store: BlobStore;
  let driver: BlobDriver;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ driver, stop } = await started.start());
    store = createEncryptedBlobStore(driver, createKeyRing(SECRET));
  });
  afterAll(() => stop());

  it('answers ping', async () => {
    expect(await store.ping()).toBe(true);
  });

  it('stores a buffer and reads it back', async () => {
    const body = Buffer.from('%PDF-1.7 hello');
    expect(await store.put('pdfs/u1/a', body)).toEqual({ size: body.length });
    expect(await buffer(await store.get('pdfs/u1/a'))).toEqual(body);
    expect(await store.stat('pdfs/u1/a')).toEqual({ size: body.length });
  });

  it('streams a body larger than one part and reports its size', async () => {
    const { stream, bytes } = randomStream(11 * 1024 * 1024 + 123);
    expect(await store.put('pdfs/u1/big', stream)).toEqual({ size: bytes.length });
    expect((await buffer(await store.get('pdfs/u1/big'))).equals(bytes)).toBe(true);
  });

  it("stores a file by its path (a job's outputs), replacing what the key held and removing the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wattle-blob-file-'));
    const path = join(dir, 'page-1.pdf');
    writeFileSync(path, '%PDF-1.7 one page');
    await store.put('jobs/j1/0-page-1.pdf', Buffer.from('older'));
    expect(await store.putFile('jobs/j1/0-page-1.pdf', path)).toEqual({ size: 17 });
    expect((await buffer(await store.get('jobs/j1/0-page-1.pdf'))).toString()).toBe('%PDF-1.7 one page');
    expect(existsSync(path)).toBe(false);
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

  it("writes an object's plaintext to a file of its own (a job's inputs), which the job may change freely", async () => {
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

  it('keeps only sealed bytes in the store, none of the plaintext, and reads them back', async () => {
    const { stream, bytes } = randomStream(FRAMES_AND_A_BIT);
    await store.put('pdfs/u2/secret', stream);
    const stored = await buffer(await driver.get('pdfs/u2/secret'));
    expect(stored.length).toBeGreaterThan(bytes.length);
    expect(stored.includes(bytes.subarray(0, 32))).toBe(false);
    expect(stored.includes(bytes.subarray(bytes.length - 32))).toBe(false);
    const pdf = Buffer.from('%PDF-1.7 the words of a contract');
    await store.put('pdfs/u2/words', pdf);
    expect((await buffer(await driver.get('pdfs/u2/words'))).includes(Buffer.from('contract'))).toBe(false);
    expect((await buffer(await store.get('pdfs/u2/secret'))).equals(bytes)).toBe(true);
    expect(await store.stat('pdfs/u2/secret')).toEqual({ size: bytes.length });
  });

  it('refuses to read a blob with one byte changed, in its header or in any frame', async () => {
    const { bytes } = randomStream(FRAMES_AND_A_BIT);
    await store.put('pdfs/u2/tampered', bytes);
    const sealed = await buffer(await driver.get('pdfs/u2/tampered'));
    for (const at of [20, HEADER_BYTES + 5, sealed.length - 3]) {
      const changed = Buffer.from(sealed);
      changed[at] = changed[at]! ^ 0x01;
      await driver.put('pdfs/u2/tampered', Readable.from([changed]));
      await expect(buffer(await store.get('pdfs/u2/tampered'))).rejects.toBeInstanceOf(BlobIntegrityError);
    }
    // Cut off after its first frames: the last frame is missing, and that is noticed too.
    await driver.put('pdfs/u2/tampered', Readable.from([sealed.subarray(0, HEADER_BYTES + 2 * (64 * 1024 + 16))]));
    await expect(buffer(await store.get('pdfs/u2/tampered'))).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it("does not open a blob's bytes copied under another key", async () => {
    await store.put('pdfs/u3/own', Buffer.from('%PDF-1.7 mine'));
    await driver.put('pdfs/u4/stolen', await driver.get('pdfs/u3/own'));
    await expect(buffer(await store.get('pdfs/u4/stolen'))).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it('rotates: every blob re-wrapped under the next key stays readable, older plaintext blobs get sealed', async () => {
    const { bytes } = randomStream(FRAMES_AND_A_BIT);
    await store.put('pdfs/u5/kept', bytes);
    const legacy = Buffer.from('%PDF-1.4 written before encryption');
    await driver.put('pdfs/u5/legacy', Readable.from([legacy]));
    expect((await buffer(await store.get('pdfs/u5/legacy'))).equals(legacy)).toBe(true);
    expect(await store.stat('pdfs/u5/legacy')).toEqual({ size: legacy.length });

    const next = createEncryptedBlobStore(driver, createKeyRing(NEXT_SECRET, [SECRET]));
    expect(await next.rotate('pdfs/u5/kept')).toBe('rewrapped');
    expect(await next.rotate('pdfs/u5/legacy')).toBe('encrypted');
    expect(await next.rotate('pdfs/u5/kept')).toBe('current');

    const nextOnly = createEncryptedBlobStore(driver, createKeyRing(NEXT_SECRET));
    expect((await buffer(await nextOnly.get('pdfs/u5/kept'))).equals(bytes)).toBe(true);
    expect((await buffer(await nextOnly.get('pdfs/u5/legacy'))).equals(legacy)).toBe(true);
    expect((await buffer(await driver.get('pdfs/u5/legacy'))).includes(Buffer.from('encryption'))).toBe(false);
    // The key it was sealed under is gone from the old ring's view: the old secret alone no longer opens it.
    await expect(buffer(await store.get('pdfs/u5/kept'))).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it('lists every stored object with its size and age', async () => {
    await store.put('share/u6/listed', Buffer.from('x'));
    const listed = [];
    for await (const object of store.list()) listed.push(object);
    const found = listed.find((object) => object.key === 'share/u6/listed');
    expect(found?.size).toBeGreaterThan(HEADER_BYTES);
    expect(found?.modifiedAt).toBeInstanceOf(Date);
    expect(listed.map((object) => object.key)).toContain('pdfs/u1/a');
  });

  it("keeps a job's own files as they are (decision 137), and still seals what is kept for people", async () => {
    const upload = Buffer.from('%PDF-1.7 an upload a merge reads once');
    await store.put('jobs/j7/input-0', upload);
    expect((await buffer(await driver.get('jobs/j7/input-0'))).equals(upload)).toBe(true);
    expect(await store.stat('jobs/j7/input-0')).toEqual({ size: upload.length });
    expect(await store.rotate('jobs/j7/input-0')).toBe('transient');
    await store.put('pdfs/u7/saved', upload);
    expect((await buffer(await driver.get('pdfs/u7/saved'))).includes(Buffer.from('merge'))).toBe(false);
  });

  it('opens a stored document into a copy of its own even when the job promises not to change it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wattle-blob-file-'));
    await store.put('pdfs/u8/doc', Buffer.from('%PDF-1.7 a stored document'));
    await store.getFile('pdfs/u8/doc', join(dir, 'in'), { readOnly: true });
    expect(readFileSync(join(dir, 'in'), 'utf8')).toBe('%PDF-1.7 a stored document');
    expect(statSync(join(dir, 'in')).mode & 0o777).toBe(0o600);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("local store: a job's read-only files", () => {
  const roots: string[] = [];
  const storeIn = (parent: string) => {
    const root = mkdtempSync(join(parent, 'wattle-blobs-'));
    roots.push(root);
    return { root, store: createEncryptedBlobStore(createLocalBlobDriver(root), createKeyRing(SECRET)) };
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

  it("moves a job's output into the store (a rename: the same file, not a copy)", async () => {
    const { root, store } = storeIn(tmpdir());
    const path = join(mkdtempSync(join(root, 'job-')), 'page-1.pdf');
    writeFileSync(path, '%PDF-1.7 one page');
    const made = statSync(path).ino;
    expect(await store.putFile('jobs/j3/0-page-1.pdf', path)).toEqual({ size: 17 });
    expect(statSync(join(root, 'jobs/j3/0-page-1.pdf')).ino).toBe(made);
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

/** Spans frames (64 KiB each) and ends in a short one. */
const FRAMES_AND_A_BIT = 3 * 64 * 1024 + 1234;
