import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { spoolToTempFile } from './spool.ts';

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
