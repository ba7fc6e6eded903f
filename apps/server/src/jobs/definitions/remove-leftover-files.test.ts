import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../data-dir.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';
import { JOB_DEFINITIONS } from './index.ts';

describe('the periodic clean-up of what a crash left on disk', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  function put(path: string, age: 'stale' | 'fresh') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'x');
    if (age === 'stale') utimesSync(path, twoHoursAgo, twoHoursAgo);
  }
  const makeStale = (dir: string) => utimesSync(dir, twoHoursAgo, twoHoursAgo);

  it('empties every temporary folder of what is over an hour old, and keeps what is in flight', async () => {
    const paths = dataPaths(ctx.dataDir);
    put(join(paths.uploadSpool, 'crashed.part'), 'stale');
    put(join(paths.uploadSpool, 'in-flight.part'), 'fresh');
    put(join(paths.toolUploadSpool, 'req-crashed', 'upload-0'), 'stale');
    makeStale(join(paths.toolUploadSpool, 'req-crashed'));
    // A folder made long ago whose file is still being written is in flight.
    put(join(paths.toolUploadSpool, 'req-live', 'upload-0'), 'fresh');
    makeStale(join(paths.toolUploadSpool, 'req-live'));
    // Engine scratch of a worker killed mid-job, and of this live process.
    const deadWorker = spawnSync(process.execPath, ['-e', '']).pid;
    put(join(paths.work, String(deadWorker), 'job-1', 'in', '0'), 'stale');
    put(join(paths.work, String(process.pid), 'office', 'profile'), 'stale');

    const task = JOB_DEFINITIONS.find((job): job is PeriodicJobDefinition => job.kind === 'periodic' && job.id === 'remove-leftover-files');
    expect(task?.everyMs).toBeLessThanOrEqual(15 * 60_000);
    // The spool folders are on each machine's own disk: an api-only process clears them too.
    expect(task?.runsIn).toBe('every process');
    await task!.handler(ctx.container);

    expect(readdirSync(paths.uploadSpool)).toEqual(['in-flight.part']);
    expect(readdirSync(paths.toolUploadSpool)).toEqual(['req-live']);
    expect(readdirSync(paths.work)).toEqual([String(process.pid)]);
    // Nothing left to do the second time round (another instance may sweep at once).
    await task!.handler(ctx.container);
    expect(readdirSync(paths.uploadSpool)).toEqual(['in-flight.part']);
  });
});
