import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, BlobNotFoundError, type BlobDriver } from './blob-store.ts';

/** Files under one directory. Writes go to a temp name and are renamed, so readers never see half a file. */
export function createLocalBlobDriver(root: string): BlobDriver {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.partial`;
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      try {
        await access(path);
      } catch {
        throw new BlobNotFoundError(key);
      }
      return createReadStream(path, range);
    },
    async stat(key) {
      try {
        return { size: (await stat(pathOf(key))).size };
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const s = await stat(path).catch(() => undefined);
        if (s) yield { key: relative(root, path).split(sep).join('/'), size: s.size, modifiedAt: s.mtime };
      }
    },
    async ping() {
      try {
        await mkdir(root, { recursive: true });
        await access(root);
        return true;
      } catch {
        return false;
      }
    },
  };
}
