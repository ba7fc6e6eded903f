import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@wattle/shared';

export interface SpooledFile {
  path: string;
  size: number;
  /** Deletes the file; safe to call more than once. */
  remove(): Promise<void>;
}

/**
 * Writes a stream to a new private file under dir, refusing it with FILE_TOO_LARGE as soon as it passes
 * maxBytes. Memory stays flat whatever the size; on any failure the partial file is removed.
 */
export async function spoolToTempFile(source: Readable, dir: string, maxBytes: number): Promise<SpooledFile> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.part`);
  const remove = () => rm(path, { force: true });
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new AppError('FILE_TOO_LARGE', { maxBytes }));
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, limit, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await remove();
    throw err;
  }
  return { path, size, remove };
}

/**
 * Removes spool files older than maxAgeMs: what a crashed process left mid-upload. Run at start-up;
 * the age keeps it off files another process is still writing.
 */
export async function removeStaleTempFiles(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [])) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}
