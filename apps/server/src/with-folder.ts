import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Runs `write` to a path, making its folder first only when it was missing: a job's 200 inputs share one
 * folder, which is not worth checking 200 times. A missing source fails again, as it should.
 */
export async function withFolder<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dirname(path), { recursive: true });
    return write();
  }
}
