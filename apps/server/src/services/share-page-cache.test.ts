import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { trimPageCache, widthBucket } from './share-page-cache.ts';

describe('widthBucket', () => {
  it('clamps to 200–2000 and rounds up to one of five widths', () => {
    expect([1, 200, 400, 401, 800, 960, 1200, 1201, 1999, 2000, 50_000, Number.NaN].map(widthBucket)).toEqual([
      400, 400, 400, 800, 800, 1200, 1200, 1600, 2000, 2000, 2000, 2000,
    ]);
  });
});

describe('trimPageCache', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A document version folder of `bytes`, last read `minutesAgo`. */
  function version(documentId: string, version: number, bytes: number, minutesAgo: number) {
    const dir = join(root, documentId, String(version));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'page-1-800.webp'), Buffer.alloc(bytes));
    const when = new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(dir, when, when);
  }

  it('removes the least recently read versions until the cache fits', async () => {
    root = mkdtempSync(join(tmpdir(), 'wattle-page-cache-'));
    version('cold', 1, 400, 30);
    version('warm', 1, 400, 10);
    version('hot', 2, 400, 0);
    expect(await trimPageCache(root, 1000)).toBe(1);
    expect(readdirSync(join(root, 'cold'))).toEqual([]);
    expect(readdirSync(join(root, 'warm'))).toEqual(['1']);
    expect(await trimPageCache(root, 1000)).toBe(0);
    expect(await trimPageCache(root, 400)).toBe(1);
    expect(readdirSync(join(root, 'hot'))).toEqual(['2']);
  });
});
