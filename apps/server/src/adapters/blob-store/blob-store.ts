import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are server-generated ("pdfs/{userId}/{fileId}", "avatars/{userId}.jpg",
 * "jobs/{jobId}/…"); user-supplied names never become keys.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Streams body to key, replacing what was there; resolves with the bytes written. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  /** Stores the file at `path` under key, moving it where the store can: the file may be gone afterwards. */
  putFile(key: string, path: string, options?: { contentType?: string }): Promise<{ size: number }>;
  /** A read stream of the object; rejects with BlobNotFoundError when absent. */
  get(key: string): Promise<Readable>;
  /**
   * Writes the object to a new private file at `path`, a copy the caller may change; rejects with
   * BlobNotFoundError when absent. With readOnly the caller promises never to change the file: the
   * local store then links the object there instead of copying it.
   */
  getFile(key: string, path: string, options?: { readOnly?: boolean }): Promise<void>;
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Removing an absent key is not an error (sweepers may race). */
  delete(key: string): Promise<void>;
  ping(): Promise<boolean>;
}

/** Files copied to or from the store at once: a merge's 200 inputs or a split's 1,000 pages are not stored one by one. */
export const FILES_AT_ONCE = 8;

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
