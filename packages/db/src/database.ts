import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { ensurePgliteDataDir } from './pglite-data-dir.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Set on the embedded database: pg-boss and LISTEN/NOTIFY use it directly. */
  pglite?: PGlite;
  /** Set on PostgreSQL. */
  pool?: pg.Pool;
  connectionString?: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');
/** Serialises migrations when several processes start at once against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_202_611;

export interface DatabaseOptions {
  /** A postgres:// URL; without one, PGlite runs embedded in dataDir (or in memory when dataDir is 'memory://'). */
  url?: string;
  dataDir: string;
  poolSize?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (a restart, a failover, an administrator) is an 'error' event:
  // unheard, it would crash the process. The pool drops that client and the next query opens another.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('create extension if not exists pg_trgm');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  return {
    db,
    kind: 'postgres',
    pool,
    connectionString: url,
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

/** PGlite's buffer pool; the operating system's file cache holds the rest of the data. */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  let release = () => {};
  let pgliteDir: string | undefined;
  if (!inMemory) {
    pgliteDir = join(dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    release = acquireDataDirLock(join(dataDir, 'pglite.lock'));
  }
  try {
    if (pgliteDir) await ensurePgliteDataDir(pgliteDir);
    const pglite = await startPglite(pgliteDir, inMemory ? await (memoryTemplate ??= makeMemoryTemplate()) : undefined);
    const db = drizzlePglite(pglite, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      pglite,
      ping: () => ping(db),
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Opens PGlite on its data dir (or in memory, from a dump), ready for the app: extension, settings, migrations. */
async function startPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir,
    // Where PGlite before 0.4 kept every table: data dirs made then open with their data.
    database: 'template1',
    // A buffer pool that stays small: the embedded app's memory at rest, and flat as the data grows.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    // Every commit waits for its write to reach the file system.
    relaxedDurability: false,
    extensions: { pg_trgm },
  });
  await pglite.exec('create extension if not exists pg_trgm');
  // Its pages are in the file system's cache: with the default cost (4, for disks) the planner reads 100k
  // rows from the table to count the documents list rather than scan its index. One session, so SET lasts.
  await pglite.exec('set random_page_cost = 1.1');
  await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
  return pglite;
}

/**
 * In-memory databases (the tests' own) start from one made and migrated once per process: initdb takes
 * seconds and memory, a loaded dump a fraction of either.
 */
let memoryTemplate: Promise<Blob> | undefined;

async function makeMemoryTemplate(): Promise<Blob> {
  const pglite = await startPglite(undefined);
  try {
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
