import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

  it('makes its folder on first use, and the file is private to the server', async () => {
    const spooled = await spoolToTempFile(Readable.from([Buffer.from('%PDF-1.7')]), join(dir, 'not', 'yet'), 1000);
    expect(readFileSync(spooled.path, 'utf8')).toBe('%PDF-1.7');
    expect(statSync(spooled.path).mode & 0o777).toBe(0o600);
    await spooled.remove();
  });

  it('refuses the upload and ends its stream when the file cannot be made', async () => {
    const notAFolder = join(dir, 'a-file');
    writeFileSync(notAFolder, '');
    const source = Readable.from([Buffer.from('%PDF-1.7')]);
    await expect(spoolToTempFile(source, notAFolder, 1000)).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(source.destroyed).toBe(true);
    rmSync(notAFolder);
  });
});
