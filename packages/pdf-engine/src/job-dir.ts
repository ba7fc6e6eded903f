import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** A private (0700) temp dir for one job under `parent`, removed however the job ends. */
export async function withJobDir<T>(parent: string, fn: (dir: string) => Promise<T>): Promise<T> {
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(join(parent, 'job-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
