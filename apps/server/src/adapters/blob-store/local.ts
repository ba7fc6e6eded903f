import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, chmod, copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { withFolder } from '../../with-folder.ts';
import { assertValidKey, BlobNotFoundError, type BlobDriver } from './blob-store.ts';

/** Files under one directory. Writes go to a temp name and are renamed, so readers never see half a file. */
export function createLocalBlobDriver(root: string): BlobDriver {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };
  const driver: BlobDriver = {
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
    async putFile(key, source) {
      const path = pathOf(key);
      try {
        // A rename is atomic like put's, and costs nothing: a split's thousand pages are not copied.
        await withFolder(path, () => rename(source, path));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await driver.put(key, createReadStream(source));
        await rm(source, { force: true });
      }
      return { size: (await stat(path)).size };
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
    async getFile(key, path, options) {
      try {
        // Making a file costs 0.5-1 ms on some disks, a link almost nothing: a merge's 200 inputs.
        if (options?.readOnly && (await linked(pathOf(key), path))) return;
        // One call the kernel does (a reflink where the file system has them): no stream through the event loop.
        await copyFile(pathOf(key), path, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
        throw err;
      }
      await chmod(path, 0o600);
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
  return driver;
}

/** False where the file system cannot link the two paths (another device, no hard links): copy instead. */
async function linked(source: string, path: string): Promise<boolean> {
  try {
    await link(source, path);
    return true;
  } catch (err) {
    if (['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP'].includes((err as NodeJS.ErrnoException).code ?? '')) return false;
    throw err;
  }
}
