import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the server keeps on this machine's disk under DATA_DIR, named once so nothing else joins paths
 * onto it, and the clean-up of what crashed processes leave there. The embedded database (PGlite)
 * keeps its own folder and lock file inside (see @wattle/db).
 */
export function dataPaths(dataDir: string) {
  return {
    /** Document and avatar uploads while their content is checked. */
    uploadSpool: join(dataDir, 'tmp', 'uploads'),
    /** Tool submissions, one folder per request, until their files are in the blob store. */
    toolUploadSpool: join(dataDir, 'tmp', 'tool-uploads'),
    /** Engine scratch space, one folder per process (see processWorkDir). */
    work: join(dataDir, 'work'),
    /** The dev outbox: mails when no SMTP_URL is set. */
    outbox: join(dataDir, 'outbox'),
    /** The local blob store, when no S3 bucket is set. */
    blobs: join(dataDir, 'blobs'),
    /** Shared documents' page images, one folder per document (see services/share-page-cache.ts). */
    sharePages: join(dataDir, 'cache', 'share-pages'),
    /** The embedded mode's generated auth secret. */
    authSecret: join(dataDir, 'auth-secret'),
  };
}

/** This process's engine scratch: named by pid, so a dead process's leftovers can be told apart. */
export const processWorkDir = (dataDir: string) => join(dataPaths(dataDir).work, String(process.pid));

/** Spool files untouched this long were left by a crash: no request lasts past the server's 10-minute cap. */
export const STALE_TEMP_FILE_MS = 60 * 60_000;

/**
 * Removes what crashed processes left in every temporary folder: spool entries untouched for maxAgeMs
 * (a folder is touched when anything inside it is), so the in-flight uploads of another process
 * sharing DATA_DIR stay, and the scratch of processes that no longer run. Safe with several sweepers.
 */
export async function removeStaleFiles(dataDir: string, now = Date.now(), maxAgeMs = STALE_TEMP_FILE_MS): Promise<{ tempFiles: number; workDirsOf: string[] }> {
  const { uploadSpool, toolUploadSpool } = dataPaths(dataDir);
  let tempFiles = 0;
  for (const dir of [uploadSpool, toolUploadSpool]) {
    for (const name of await readdir(dir).catch(() => [])) {
      const path = join(dir, name);
      if (now - (await lastTouched(path)) <= maxAgeMs) continue;
      await rm(path, { recursive: true, force: true });
      tempFiles++;
    }
  }
  return { tempFiles, workDirsOf: await removeDeadProcessesWork(dataDir) };
}

/** The newest modification time of a file, or of a folder and everything in it; a vanished one counts as fresh. */
async function lastTouched(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return Infinity;
  if (!info.isDirectory()) return info.mtimeMs;
  const inside = await readdir(path).catch(() => []);
  return Math.max(info.mtimeMs, ...(await Promise.all(inside.map((name) => lastTouched(join(path, name))))));
}

/** Removes the scratch folders of processes that no longer run (a worker killed mid-job); answers their pids. */
async function removeDeadProcessesWork(dataDir: string): Promise<string[]> {
  const root = dataPaths(dataDir).work;
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
