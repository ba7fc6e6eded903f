import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, isTransient, type BlobDriver, type BlobStore } from './blob-store.ts';
import { HEADER_BYTES, isSealed, MAGIC_BYTES, open, openHeader, plaintextSize, seal, sealHeader } from './blob-cipher.ts';
import type { KeyRing } from './key-ring.ts';

/**
 * The blob store the server uses: every object but a job's own files (isTransient) is sealed
 * (blob-cipher.ts) before it reaches the driver, so no stored document, version, picture or signature
 * lies in plaintext in the data folder or the bucket; plaintext objects written before encryption
 * still read, and rotate() seals them. A job's files pass to the driver as they are.
 */
export function createEncryptedBlobStore(driver: BlobDriver, ring: KeyRing): BlobStore {
  /** The first bytes of a stored object, enough to tell whether it is sealed; none of an object too short to be. */
  const storedStart = async (key: string, bytes: number) => {
    const stored = await driver.stat(key);
    if (!stored || stored.size < HEADER_BYTES) return Buffer.alloc(0);
    return buffer(await driver.get(key, { start: 0, end: bytes - 1 }));
  };

  const store: BlobStore = {
    kind: driver.kind,
    async put(key, body) {
      assertValidKey(key);
      let size = 0;
      const plain = Buffer.isBuffer(body) ? [body] : body;
      const counted = (async function* () {
        for await (const chunk of plain) {
          size += chunk.length;
          yield chunk as Buffer;
        }
      })();
      await driver.put(key, isTransient(key) ? Readable.from(counted, { objectMode: false }) : seal(counted, ring, key));
      return { size };
    },
    async putFile(key, path) {
      assertValidKey(key);
      if (isTransient(key)) return driver.putFile(key, path);
      const stored = await store.put(key, createReadStream(path));
      await rm(path, { force: true });
      return stored;
    },
    async get(key) {
      assertValidKey(key);
      return isTransient(key) ? driver.get(key) : open(await driver.get(key), ring, key);
    },
    async getFile(key, path, options) {
      assertValidKey(key);
      if (isTransient(key)) return driver.getFile(key, path, options);
      const body = await store.get(key);
      await pipeline(body, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    },
    async stat(key) {
      assertValidKey(key);
      const stored = await driver.stat(key);
      if (!stored || isTransient(key)) return stored;
      const sealed = isSealed(await storedStart(key, MAGIC_BYTES));
      return { size: sealed ? plaintextSize(stored.size) : stored.size };
    },
    delete: (key) => (assertValidKey(key), driver.delete(key)),
    list: () => driver.list(),
    async rotate(key) {
      assertValidKey(key);
      if (isTransient(key)) return 'transient';
      const start = await storedStart(key, HEADER_BYTES);
      if (!isSealed(start)) {
        await store.put(key, await driver.get(key));
        return 'encrypted';
      }
      const { keyId, dataKey } = openHeader(ring, start, key);
      if (keyId.equals(ring.current.id)) return 'current';
      // Only the header changes: the frames stay sealed under the same data key, copied as they are.
      const frames = await driver.get(key, { start: HEADER_BYTES });
      await driver.put(
        key,
        Readable.from(
          (async function* () {
            yield sealHeader(ring.current, dataKey, key);
            yield* frames;
          })(),
          { objectMode: false },
        ),
      );
      return 'rewrapped';
    },
    ping: () => driver.ping(),
  };
  return store;
}
