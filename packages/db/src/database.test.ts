import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { profiles, user } from './schema/index.ts';

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

  it('refuses a second process on the same data dir with a clear message', async () => {
    const dataDir = tempDir();
    handles.push(await createDatabase({ dataDir }));
    // The lock holds the pid of a live process; our own pid counts as "this process", so fake a live other one.
    const { writeFileSync } = await import('node:fs');
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
