import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
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
