import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobIntegrityError } from './blob-store.ts';
import { KEY_ID_BYTES, type KeyEncryptionKey, type KeyRing } from './key-ring.ts';

/**
 * The sealed form of a blob (envelope encryption, AES-256-GCM throughout):
 *   header = MAGIC | key id (8) | wrap IV (12) | data key wrapped by that key (32) | wrap tag (16)
 *   then frames of FRAME_BYTES plaintext each (the last shorter, possibly empty), each followed by its tag.
 * A random data key per blob; frame n's IV is its number and whether it is the last, so frames cannot be
 * reordered, dropped or cut off; the blob's key is the associated data of the wrap and of every frame, so
 * a blob copied under another key does not open. Frames let a large blob stream through in 64 KiB steps.
 */
const MAGIC = Buffer.from('WATTLE\x00\x01', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;
export const HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + IV_BYTES + DATA_KEY_BYTES + TAG_BYTES;
export const FRAME_BYTES = 64 * 1024;
const SEALED_FRAME_BYTES = FRAME_BYTES + TAG_BYTES;

export interface BlobHeader {
  keyId: Buffer;
  dataKey: Buffer;
}

/** Whether stored bytes begin as a sealed blob does; anything else is a plaintext blob from before encryption. */
export const isSealed = (start: Buffer) => start.length >= MAGIC.length && start.subarray(0, MAGIC.length).equals(MAGIC);
export const MAGIC_BYTES = MAGIC.length;

/** The plaintext size of a sealed blob of `storedSize` bytes (every frame, even an empty last one, has a tag). */
export function plaintextSize(storedSize: number): number {
  const body = storedSize - HEADER_BYTES;
  return body - Math.ceil(body / SEALED_FRAME_BYTES) * TAG_BYTES;
}

export function newDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

export function sealHeader(kek: KeyEncryptionKey, dataKey: Buffer, blobKey: string): Buffer {
  const prefix = Buffer.concat([MAGIC, kek.id]);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', kek.key, iv).setAAD(Buffer.concat([prefix, Buffer.from(blobKey)]));
  return Buffer.concat([prefix, iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
}

export function openHeader(ring: KeyRing, header: Buffer, blobKey: string): BlobHeader {
  const keyId = header.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES);
  const kek = ring.find(keyId);
  if (!kek) throw new BlobIntegrityError(blobKey, `sealed under key ${keyId.toString('hex')}, which this server does not hold`);
  let at = MAGIC.length + KEY_ID_BYTES;
  const iv = header.subarray(at, (at += IV_BYTES));
  const wrapped = header.subarray(at, (at += DATA_KEY_BYTES));
  const decipher = createDecipheriv('aes-256-gcm', kek.key, iv).setAAD(Buffer.concat([header.subarray(0, MAGIC.length + KEY_ID_BYTES), Buffer.from(blobKey)]));
  decipher.setAuthTag(header.subarray(at, at + TAG_BYTES));
  try {
    return { keyId, dataKey: Buffer.concat([decipher.update(wrapped), decipher.final()]) };
  } catch {
    throw new BlobIntegrityError(blobKey, 'its header was changed');
  }
}

function frameIv(index: number, last: boolean): Buffer {
  const iv = Buffer.alloc(IV_BYTES);
  iv[0] = last ? 1 : 0;
  iv.writeBigUInt64BE(BigInt(index), 4);
  return iv;
}

function sealFrame(dataKey: Buffer, aad: Buffer, plain: Buffer, index: number, last: boolean): Buffer {
  const cipher = createCipheriv('aes-256-gcm', dataKey, frameIv(index, last)).setAAD(aad);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openFrame(dataKey: Buffer, aad: Buffer, sealed: Buffer, index: number, last: boolean, blobKey: string): Buffer {
  if (sealed.length < TAG_BYTES) throw new BlobIntegrityError(blobKey, 'it was cut short');
  const decipher = createDecipheriv('aes-256-gcm', dataKey, frameIv(index, last)).setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new BlobIntegrityError(blobKey, `frame ${index} was changed or the blob was cut short`);
  }
}

/** Cuts a stream into pieces of exactly `size` bytes, holding one back so the last (possibly short or empty) is known. */
async function* pieces(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<{ piece: Buffer; last: boolean }> {
  // Chunks are gathered and joined once a piece's worth is in: each byte is copied once, not per chunk.
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of source) {
    held.push(chunk);
    heldBytes += chunk.length;
    if (heldBytes <= size) continue;
    let joined = held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes);
    while (joined.length > size) {
      yield { piece: joined.subarray(0, size), last: false };
      joined = joined.subarray(size);
    }
    held = [joined];
    heldBytes = joined.length;
  }
  yield { piece: held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes), last: true };
}

/** The sealed bytes of `plain`: a header wrapping a new data key under the ring's current key, then the frames. */
export function seal(plain: AsyncIterable<Buffer>, ring: KeyRing, blobKey: string): Readable {
  const dataKey = newDataKey();
  const aad = Buffer.from(blobKey);
  return Readable.from(
    (async function* () {
      yield sealHeader(ring.current, dataKey, blobKey);
      let index = 0;
      for await (const { piece, last } of pieces(plain, FRAME_BYTES)) yield sealFrame(dataKey, aad, piece, index++, last);
    })(),
    { objectMode: false },
  );
}

/** The plaintext of stored bytes: sealed ones are opened frame by frame, plaintext ones from before encryption pass as they are. */
export function open(stored: AsyncIterable<Buffer>, ring: KeyRing, blobKey: string): Readable {
  const aad = Buffer.from(blobKey);
  return Readable.from(
    (async function* () {
      const iterator = stored[Symbol.asyncIterator]();
      let start: Buffer = Buffer.alloc(0);
      while (start.length < HEADER_BYTES) {
        const next = await iterator.next();
        if (next.done) break;
        start = Buffer.concat([start, next.value]);
      }
      const rest = { [Symbol.asyncIterator]: () => iterator };
      if (!isSealed(start)) {
        if (start.length) yield start;
        yield* rest;
        return;
      }
      if (start.length < HEADER_BYTES) throw new BlobIntegrityError(blobKey, 'it was cut short');
      const { dataKey } = openHeader(ring, start.subarray(0, HEADER_BYTES), blobKey);
      const frames = (async function* () {
        yield start.subarray(HEADER_BYTES);
        yield* rest;
      })();
      let index = 0;
      for await (const { piece, last } of pieces(frames, SEALED_FRAME_BYTES)) yield openFrame(dataKey, aad, piece, index++, last, blobKey);
    })(),
    { objectMode: false },
  );
}
