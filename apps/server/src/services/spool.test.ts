import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleTempFiles, spoolToTempFile } from './spool.ts';

const dir = mkdtempSync(join(tmpdir(), 'wattle-spool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('spoolToTempFile', () => {
  it('writes the stream and reports its size, up to the limit exactly', async () => {
    const spooled = await spoolToTempFile(Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), dir, 1000);
    expect(spooled.size).toBe(1000);
    await spooled.remove();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a byte over the limit and keeps no partial file', async () => {
    await expect(spoolToTempFile(Readable.from([Buffer.alloc(600), Buffer.alloc(401)]), dir, 1000)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('removeStaleTempFiles', () => {
  it('removes only files older than the age given', async () => {
    const now = Date.now();
    writeFileSync(join(dir, 'old.part'), 'x');
    writeFileSync(join(dir, 'fresh.part'), 'x');
    utimesSync(join(dir, 'old.part'), new Date(now - 2 * 3600_000), new Date(now - 2 * 3600_000));
    expect(await removeStaleTempFiles(dir, 3600_000, now)).toBe(1);
    expect(readdirSync(dir)).toEqual(['fresh.part']);
    expect(await removeStaleTempFiles(join(dir, 'absent'), 3600_000)).toBe(0);
  });
});
