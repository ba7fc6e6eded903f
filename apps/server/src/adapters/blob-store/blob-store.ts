import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are server-generated ("pdfs/{userId}/{fileId}", "avatars/{userId}.jpg",
 * "jobs/{jobId}/…"); user-supplied names never become keys.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Streams body to key, replacing what was there; resolves with the bytes written. */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  /** Stores the file at `path` under key; the file is gone afterwards. */
  putFile(key: string, path: string): Promise<{ size: number }>;
  /** A read stream of the object; rejects with BlobNotFoundError when absent. */
  get(key: string): Promise<Readable>;
  /**
   * Writes the object's plaintext to a new private file at `path`, a copy the caller may change; rejects
   * with BlobNotFoundError when absent. With readOnly the caller promises never to change the file: a
   * job's own file (isTransient) is then linked there on the local store instead of copied.
   */
  getFile(key: string, path: string, options?: { readOnly?: boolean }): Promise<void>;
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Removing an absent key is not an error (sweepers may race). */
  delete(key: string): Promise<void>;
  /** Every object, in no set order, with its stored size and when it was last written (the orphan sweep). */
  list(): AsyncIterable<StoredObject>;
  /** Re-wraps the object's data key under the current key (or encrypts a plaintext one); answers what it did. */
  rotate(key: string): Promise<'current' | 'rewrapped' | 'encrypted' | 'transient'>;
  ping(): Promise<boolean>;
}

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where a store's bytes physically go (a local folder, an S3 bucket): it keeps opaque bytes, which the
 * BlobStore above it encrypts (encrypted.ts); nothing else uses a driver directly.
 */
export interface BlobDriver {
  readonly kind: 'local' | 's3';
  /** Streams body to key, replacing what was there; nothing is left under key when body fails. */
  put(key: string, body: Readable): Promise<void>;
  /** Stores the file at `path` under key as it is, moving it where the driver can; the file is gone afterwards. */
  putFile(key: string, path: string): Promise<{ size: number }>;
  /** A read stream of the object's bytes from `start` on; rejects with BlobNotFoundError when absent. */
  get(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  /** Writes the object's bytes to a new private file at `path` (linked where readOnly allows); BlobNotFoundError when absent. */
  getFile(key: string, path: string, options?: { readOnly?: boolean }): Promise<void>;
  stat(key: string): Promise<{ size: number } | undefined>;
  delete(key: string): Promise<void>;
  list(): AsyncIterable<StoredObject>;
  ping(): Promise<boolean>;
}

/**
 * A tool job's own files (its uploads, what one step hands the next, its results), deleted within
 * VISITOR_RETENTION_MINUTES or ACCOUNT_RETENTION_HOURS: kept as they are, so a merge's 200 inputs are
 * linked, not opened one by one (decision 137). Everything else (documents, versions, profile pictures,
 * signatures, the share page cache) is sealed.
 */
export const isTransient = (key: string) => key.startsWith('jobs/');

/** Files copied to or from the store at once: a merge's 200 inputs or a split's 1,000 pages are not stored one by one. */
export const FILES_AT_ONCE = 8;

/** The bytes are not what this server sealed (changed on disk, or under a key it no longer holds). */
export class BlobIntegrityError extends Error {
  constructor(key: string, why: string) {
    super(`The blob at ${key} cannot be read: ${why}`);
    this.name = 'BlobIntegrityError';
  }
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`No blob at ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are ours, but check anyway: a key can never climb out of the store. */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.') || key.length > 512) {
    throw new Error(`Invalid blob key: ${key}`);
  }
}
