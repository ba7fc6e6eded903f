import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the server keeps on this machine's disk under DATA_DIR, named once so nothing else joins paths
 * onto it. The embedded database (PGlite) keeps its own folder and lock file inside (see @wattle/db).
 */
export function dataPaths(dataDir: string) {
  return {
    /** Document and avatar uploads while their content is checked. */
    uploadSpool: join(dataDir, 'tmp', 'uploads'),
    /** Tool submissions, one folder per request, until their files are in the blob store. */
    toolUploadSpool: join(dataDir, 'tmp', 'tool-uploads'),
    /** Engine scratch space, one folder per worker process. */
    work: join(dataDir, 'work'),
    /** The dev outbox: mails when no SMTP_URL is set. */
    outbox: join(dataDir, 'outbox'),
    /** The local blob store, when no S3 bucket is set. */
    blobs: join(dataDir, 'blobs'),
    /** The embedded mode's generated auth secret. */
    authSecret: join(dataDir, 'auth-secret'),
  };
}

/** Spool files untouched this long were left by a crash: no request lasts past the server's 10-minute cap. */
export const STALE_TEMP_FILE_MS = 60 * 60_000;

/**
 * Removes what crashed processes left in the temporary upload folders: entries untouched for maxAgeMs
 * (a folder is touched when anything inside it is), so the in-flight uploads of another process
 * sharing DATA_DIR stay. Returns how many entries went.
 */
export async function removeStaleTempFiles(dataDir: string, now = Date.now(), maxAgeMs = STALE_TEMP_FILE_MS): Promise<number> {
  const { uploadSpool, toolUploadSpool } = dataPaths(dataDir);
  let removed = 0;
  for (const dir of [uploadSpool, toolUploadSpool]) {
    for (const name of await readdir(dir).catch(() => [])) {
      const path = join(dir, name);
      if (now - (await lastTouched(path)) <= maxAgeMs) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/** The newest modification time of a file, or of a folder and everything in it; a vanished one counts as fresh. */
async function lastTouched(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return Infinity;
  if (!info.isDirectory()) return info.mtimeMs;
  const inside = await readdir(path).catch(() => []);
  return Math.max(info.mtimeMs, ...(await Promise.all(inside.map((name) => lastTouched(join(path, name))))));
}
