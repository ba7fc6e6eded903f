/**
 * What sealing blobs (decision 137) costs a job on this machine's local store:
 *   npm run bench:blob-encryption   (BENCH_RUNS=7 by default)
 * A stored document handed to a job (before: one kernel copy; now: opened into the job's file), a
 * stored document saved (before: written as it is; now: sealed), a job's output stored (a rename
 * before and now: a job's own files stay plain) and a merge's 200 small uploads into its job (links
 * before and now), each against the way it was, sides taking turns. Reports the median wall time and
 * the median CPU time of this process (user and system, so the kernel's copy counts too): on a busy
 * machine the CPU time is the steadier figure. Never asserts.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapLimit } from '@wattle/pdf-engine';
import { FILES_AT_ONCE } from '../apps/server/src/adapters/blob-store/blob-store.ts';
import { createEncryptedBlobStore } from '../apps/server/src/adapters/blob-store/encrypted.ts';
import { createKeyRing } from '../apps/server/src/adapters/blob-store/key-ring.ts';
import { createLocalBlobDriver } from '../apps/server/src/adapters/blob-store/local.ts';
import { median } from './engines/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const root = await mkdtemp(join(tmpdir(), 'wattle-bench-seal-'));
const plainDir = join(root, 'plain');
const store = createEncryptedBlobStore(createLocalBlobDriver(join(root, 'sealed')), createKeyRing('a bench secret of thirty-two characters or more'));
await mkdir(plainDir, { recursive: true });
let n = 0;
const scratch = () => join(root, `out-${++n}`);

/** Each side RUNS times after a warm-up, taking turns; prints median wall and CPU milliseconds per side. */
async function compare(what: string, sides: Record<string, () => Promise<unknown>>): Promise<void> {
  const wall: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  for (const side of Object.values(sides)) await side();
  for (let i = 0; i < RUNS; i++) {
    for (const [name, side] of Object.entries(sides)) {
      const started = performance.now();
      const used = process.cpuUsage();
      await side();
      const { user, system } = process.cpuUsage(used);
      (wall[name] ??= []).push(performance.now() - started);
      (cpu[name] ??= []).push((user + system) / 1000);
    }
  }
  const sideFigures = Object.keys(sides).map((name) => `${name} ${median(wall[name]!).toFixed(1)} ms (CPU ${median(cpu[name]!).toFixed(1)} ms)`);
  console.log(`${what}: ${sideFigures.join(', ')}`);
}

try {
  for (const mb of [1, 10, 50]) {
    const bytes = randomBytes(mb * 1024 * 1024);
    const plain = join(plainDir, `doc-${mb}`);
    await writeFile(plain, bytes);
    await store.put(`pdfs/u/doc-${mb}`, bytes);
    await compare(`a ${mb} MB stored document into a job`, {
      'copied (before)': async () => {
        const to = scratch();
        await copyFile(plain, to, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
        await rm(to);
      },
      'opened (now)': async () => {
        const to = scratch();
        await store.getFile(`pdfs/u/doc-${mb}`, to);
        await rm(to);
      },
    });
    await compare(`a ${mb} MB document saved`, {
      'written (before)': () => writeFile(join(plainDir, 'saved'), bytes),
      'sealed (now)': () => store.put(`pdfs/u/saved-${mb}`, bytes),
    });
    await compare(`a ${mb} MB output stored (both write the job's file first)`, {
      'renamed (before)': async () => {
        const from = scratch();
        await writeFile(from, bytes);
        await rename(from, join(plainDir, 'output'));
      },
      'stored (now)': async () => {
        const from = scratch();
        await writeFile(from, bytes);
        await store.putFile(`jobs/j/output-${mb}`, from);
      },
    });
  }

  const small = randomBytes(50 * 1024);
  const keys = Array.from({ length: 200 }, (_, i) => `jobs/merge/input-${i}`);
  for (const [i, key] of keys.entries()) {
    await writeFile(join(plainDir, `input-${i}`), small);
    await store.put(key, small);
  }
  await compare("a merge's 200 uploads of 50 KB into its job", {
    'linked (before)': async () => {
      const dir = scratch();
      await mkdir(dir);
      await mapLimit(keys, FILES_AT_ONCE, (_key, i) => link(join(plainDir, `input-${i}`), join(dir, String(i))));
      await rm(dir, { recursive: true });
    },
    'linked (now)': async () => {
      const dir = scratch();
      await mkdir(dir);
      await mapLimit(keys, FILES_AT_ONCE, (key, i) => store.getFile(key, join(dir, String(i)), { readOnly: true }));
      await rm(dir, { recursive: true });
    },
  });
} finally {
  await rm(root, { recursive: true, force: true });
}
