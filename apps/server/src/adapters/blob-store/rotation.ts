import { mapLimit } from '@wattle/pdf-engine';
import { FILES_AT_ONCE, type BlobStore } from './blob-store.ts';

export type RotationCounts = Record<Awaited<ReturnType<BlobStore['rotate']>> | 'gone', number>;

/**
 * Re-wraps every blob under the current key (and seals plaintext ones from before encryption); a blob
 * deleted meanwhile is counted as gone, a job's own file (left plain) as transient. Safe to run again: blobs already under the current key are left.
 */
export async function rotateBlobKeys(store: BlobStore): Promise<RotationCounts> {
  const keys: string[] = [];
  for await (const object of store.list()) keys.push(object.key);
  const counts: RotationCounts = { current: 0, rewrapped: 0, encrypted: 0, transient: 0, gone: 0 };
  await mapLimit(keys, FILES_AT_ONCE, async (key) => {
    const done = await store.rotate(key).catch(async (err) => {
      if (!(await store.stat(key))) return 'gone' as const;
      throw err;
    });
    counts[done]++;
  });
  return counts;
}
