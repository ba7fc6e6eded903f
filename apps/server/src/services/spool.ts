import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@wattle/shared';
import { withFolder } from '../with-folder.ts';

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
    // Only this process's user can read it; its folder is made on first use.
    const file = await withFolder(path, () => open(path, 'wx', 0o600));
    await pipeline(source, limit, file.createWriteStream());
  } catch (err) {
    // A file that could not be made leaves the upload unread: end it, as a failed pipeline does.
    source.destroy();
    await remove();
    throw err;
  }
  return { path, size, remove };
}
