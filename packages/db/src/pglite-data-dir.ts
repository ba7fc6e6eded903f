import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const pgliteVersion: string = JSON.parse(
  readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
).version;

/**
 * A fresh data dir that `npm run build` makes for the installed PGlite (its version in the name, as the
 * format is PGlite's): a first start copies it rather than run initdb, which peaks at ~630 MB.
 */
export const builtFreshDataDir = fileURLToPath(new URL(`../dist/pglite-${pgliteVersion}`, import.meta.url));

/**
 * Makes an embedded database's data dir on first start: a copy of the build's fresh one when there is
 * one, else PGlite's initdb in a short-lived process of its own (initdb leaves hundreds of MB behind in
 * the process that runs it, and the app would keep them for life). It is made beside the dir and renamed
 * into place, so a start cut short leaves no half-made database.
 */
export async function ensurePgliteDataDir(dir: string, fresh = builtFreshDataDir): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const building = `${dir}.new`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(dirname(building), { recursive: true }); // the build's dist dir, on a fresh clone
  if (existsSync(join(fresh, 'PG_VERSION'))) cpSync(fresh, building, { recursive: true });
  else await initdbApart(building);
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
}

async function initdbApart(dir: string): Promise<void> {
  // Liftoff only and a small young generation, as `npm run serve`: half the peak, and quicker.
  const flags = ['--liftoff-only', '--max-semi-space-size=2', '--disable-warning=ExperimentalWarning'];
  await promisify(execFile)(process.execPath, [...flags, fileURLToPath(import.meta.url), dir]);
}

// Run by initdbApart with plain node: creating the database is all it does.
if (import.meta.main) {
  const dir = process.argv[2]!;
  const db = await PGlite.create({ dataDir: dir });
  await db.close();
}
