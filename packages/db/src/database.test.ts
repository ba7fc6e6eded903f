import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { ensurePgliteDataDir } from './pglite-data-dir.ts';
import { profiles, teamStorage, usageStatistics, user } from './schema/index.ts';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir() {
  const d = mkdtempSync(join(tmpdir(), 'wattle-db-'));
  dirs.push(d);
  return d;
}

describe('embedded database', () => {
  it('applies the migrations and keeps data across reopen', async () => {
    const dataDir = tempDir();
    const first = await createDatabase({ dataDir });
    await first.db.insert(user).values({ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });
    await first.db.insert(profiles).values({ id: 'u1', email: 'ada@example.com', firstName: 'Ada' });
    await first.close();

    const second = await createDatabase({ dataDir });
    handles.push(second);
    const [row] = await second.db.select().from(profiles).where(eq(profiles.id, 'u1'));
    expect(row).toMatchObject({ firstName: 'Ada', pdfViewerMode: 'continuous', preferredPageSize: 'A4', autoSaveFrequency: 0 });
  });

  it('counts the documents of a database made before the counts were kept', async () => {
    // The database as the first migration left it, with documents in it.
    const migrations = fileURLToPath(new URL('../migrations', import.meta.url));
    const firstOnly = tempDir();
    cpSync(join(migrations, '0000_init.sql'), join(firstOnly, '0000_init.sql'));
    const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8'));
    mkdirSync(join(firstOnly, 'meta'));
    writeFileSync(join(firstOnly, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
    const dataDir = tempDir();
    await ensurePgliteDataDir(join(dataDir, 'pglite'));
    const old = await PGlite.create({ dataDir: join(dataDir, 'pglite'), database: 'template1', extensions: { pg_trgm } });
    await old.exec('create extension if not exists pg_trgm');
    await migrate(drizzle(old), { migrationsFolder: firstOnly });
    await old.exec(`
      insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com'), ('u2', 'Bea', 'bea@example.com');
      insert into usage_statistics (user_id, storage_used) values ('u1', 40), ('u2', 0);
      insert into organization (id, name, slug) values ('t1', 'Banksia Books', 'banksia');
      insert into team_storage (team_id, storage_used, storage_limit) values ('t1', 10, 1000);
      insert into pdf_files (user_id, team_id, filename, file_path, file_size, deleted) values
        ('u1', null, 'a.pdf', 'a', 10, false), ('u1', null, 'b.pdf', 'b', 10, false), ('u1', null, 'c.pdf', 'c', 10, true),
        ('u1', 't1', 'ours.pdf', 'd', 10, false);`);
    await old.close();

    const upgraded = await createDatabase({ dataDir });
    handles.push(upgraded);
    expect(await upgraded.db.select({ userId: usageStatistics.userId, n: usageStatistics.documentCount }).from(usageStatistics).orderBy(usageStatistics.userId)).toEqual([
      { userId: 'u1', n: 2 },
      { userId: 'u2', n: 0 },
    ]);
    expect(await upgraded.db.select({ n: teamStorage.documentCount }).from(teamStorage)).toEqual([{ n: 1 }]);
  });

  it('keeps its buffer pool small, and starts over from a first start cut short', async () => {
    const dataDir = tempDir();
    // What a start killed while making the database leaves: an empty dir and a half-made one beside it.
    mkdirSync(join(dataDir, 'pglite'));
    mkdirSync(join(dataDir, 'pglite.new'));
    writeFileSync(join(dataDir, 'pglite.new', 'PG_VERSION'), '17\n');
    const handle = await createDatabase({ dataDir });
    handles.push(handle);
    expect((await handle.pglite!.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers).toBe('16MB');
    expect(existsSync(join(dataDir, 'pglite.new'))).toBe(false);
    await handle.db.insert(user).values({ id: 'u3', name: 'C', email: 'c@example.com' });
  });

  it("makes the first start's database by copying the build's fresh one when there is one", async () => {
    // As the build makes it on a fresh clone: in a dist dir that does not exist yet.
    const template = join(tempDir(), 'dist', 'template');
    await ensurePgliteDataDir(template, join(tempDir(), 'none'));
    // A mark only this template has, in the database the app uses: proof the first start copied it.
    const maker = await PGlite.create({ dataDir: template, database: 'template1' });
    await maker.exec('create table made_by_the_build (id int)');
    await maker.close();

    const dataDir = tempDir();
    await ensurePgliteDataDir(join(dataDir, 'pglite'), template);
    const handle = await createDatabase({ dataDir });
    handles.push(handle);
    expect((await handle.pglite!.query("select to_regclass('made_by_the_build') as t")).rows).toEqual([{ t: 'made_by_the_build' }]);
    await handle.db.insert(user).values({ id: 'u4', name: 'D', email: 'd@example.com' });
    expect(existsSync(join(dataDir, 'pglite.new'))).toBe(false);
  });

  it('refuses a second process on the same data dir with a clear message', async () => {
    const dataDir = tempDir();
    handles.push(await createDatabase({ dataDir }));
    // The lock holds the pid of a live process; our own pid counts as "this process", so fake a live other one.
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.ppid));
    await expect(createDatabase({ dataDir })).rejects.toThrow(/in use by another process/);
  });

  it('enforces the settings constraints in the database itself', async () => {
    const handle = await createDatabase({ dataDir: 'memory://' });
    handles.push(handle);
    await handle.db.insert(user).values({ id: 'u2', name: 'B', email: 'b@example.com' });
    await expect(
      handle.db.insert(profiles).values({ id: 'u2', email: 'b@example.com', autoSaveFrequency: 7 }),
    ).rejects.toThrow();
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
  it('survives the server ending an idle connection (a restart, an administrator) and serves the next query', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `wattle_db_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const handle = await createDatabase({ url: url.toString(), dataDir: tempDir() });
    try {
      await handle.ping();
      const removed = new Promise((done) => handle.pool!.once('remove', done));
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await removed;
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
