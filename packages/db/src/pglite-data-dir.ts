import { execFile } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

/**
 * Makes an embedded database's data dir on first start, in a short-lived process of its own: PGlite's
 * initdb leaves hundreds of MB behind in the process that runs it, and the app would keep them for life.
 * It is built beside the dir and renamed into place, so a start cut short leaves no half-made database.
 */
export async function ensurePgliteDataDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const building = `${dir}.new`;
  rmSync(building, { recursive: true, force: true });
  // Liftoff only and a small young generation, as `npm run serve`: half the peak, and quicker.
  const flags = ['--liftoff-only', '--max-semi-space-size=2', '--disable-warning=ExperimentalWarning'];
  await promisify(execFile)(process.execPath, [...flags, fileURLToPath(import.meta.url), building]);
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
}

// Run by ensurePgliteDataDir with plain node: creating the database is all it does.
if (import.meta.main) {
  const dir = process.argv[2]!;
  const db = await PGlite.create({ dataDir: dir });
  await db.close();
}
