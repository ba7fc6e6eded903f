import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { jobOutputs, jobs, usageStatistics } from '@wattle/db';
import { imageOnlyPdf, textPdf } from '@wattle/pdf-engine/test/fixtures';
import { dataPaths } from '../data-dir.ts';
import { createTestContext, type TestClient, type TestContext } from '../test/harness.ts';
import { jobForm, postJob, waitForJob } from '../test/jobs.ts';
import { signedInUser } from '../test/users.ts';

const repoRoot = resolve(import.meta.dirname, '../../../..');

/**
 * Separate processes on PostgreSQL: this test process is the API (it only enqueues), workers are real
 * `APP_ROLES=worker` processes started with main.ts. One of them is killed with SIGKILL mid-job.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('API and worker as separate processes (PostgreSQL)', () => {
  let ctx: TestContext;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await ctx?.close();
  });

  /** `tsx apps/server/src/main.ts` as a worker only, on the test's database and data dir. */
  async function startWorkerProcess(name: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        APP_ROLES: 'worker',
        DATABASE_URL: ctx.container.database.connectionString,
        DATA_DIR: ctx.dataDir,
        AUTH_SECRET: ctx.container.authSecret,
        PUBLIC_URL: ctx.container.config.publicUrl,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(join(ctx.dataDir, `${name}.log`));
    child.stderr!.pipe(log);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    });
    workers.push(child);
    // Ready once it says so (no sleeping): the log line comes after the queues are being worked.
    while (!output.includes('worker started')) {
      const [chunk] = await Promise.race([once(child.stdout!, 'data'), once(child, 'exit').then(() => [Buffer.from('EXIT')])]);
      if (String(chunk) === 'EXIT') throw new Error(`worker ${name} exited: ${output}`);
    }
    return child;
  }

  it('the API process enqueues and a worker-only process runs the job', async () => {
    const visitor = ctx.client();
    const res = await postJob(visitor, jobForm('merge', [{ name: 'a.pdf', bytes: await textPdf(1) }, { name: 'b.pdf', bytes: await textPdf(2) }]));
    expect(res.status).toBe(202);
    const worker = await startWorkerProcess('worker-a');
    const job = await waitForJob(visitor, (await res.json()).id);
    expect(job.status).toBe('succeeded');
    const bytes = Buffer.from(await (await visitor.request(job.outputs[0]!.downloadUrl)).arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    worker.kill('SIGTERM');
    const [code] = await once(worker, 'exit');
    expect(code).toBe(0);
  });

  it('a worker killed with SIGKILL mid-job: another finishes it once, charged once, nothing left behind', async () => {
    const { client, user } = await signedInUser(ctx);
    // Six scanned pages: long enough (several seconds of tesseract) to be killed in the middle.
    const scan = await PDFDocument.create();
    const page = await PDFDocument.load(await imageOnlyPdf('Wattle crash test'));
    for (let i = 0; i < 6; i++) scan.addPage((await scan.copyPages(page, [0]))[0]!);
    const res = await postJob(client, jobForm('ocr', [{ name: 'scan.pdf', bytes: Buffer.from(await scan.save()) }]));
    expect(res.status).toBe(202);
    const id = (await res.json()).id as string;

    const doomed = await startWorkerProcess('worker-doomed');
    await waitForStatus(client, id, 'running');
    // Killed while its engines (pdftoppm, tesseract) are at work on the pages.
    await waitFor(() => enginePids(doomed.pid!).length > 0);
    const engines = enginePids(doomed.pid!);
    doomed.kill('SIGKILL');
    await once(doomed, 'exit');
    // Its engine processes die with it (parent-death signal), they are not left running.
    await waitFor(() => engines.every((pid) => !alive(pid)));
    expect(existsSync(join(dataPaths(ctx.dataDir).work, String(doomed.pid)))).toBe(true);

    const rescuer = await startWorkerProcess('worker-rescuer');
    const job = await waitForJob(client, id);
    expect(job.status).toBe('succeeded');
    expect(job.outputs).toHaveLength(1);

    const [row] = await ctx.container.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row!.attempts).toBe(2);
    expect(await ctx.container.db.$count(jobOutputs, eq(jobOutputs.jobId, id))).toBe(1);
    const [usage] = await ctx.container.db.select().from(usageStatistics).where(eq(usageStatistics.userId, user.id));
    expect(usage!.pdfsProcessed).toBe(1);
    // One output blob; the dead worker's scratch dir was removed by the rescuer at start.
    expect(readdirSync(join(dataPaths(ctx.dataDir).blobs, 'jobs', id)).filter((n) => !n.startsWith('input-'))).toHaveLength(1);
    expect(existsSync(join(dataPaths(ctx.dataDir).work, String(doomed.pid)))).toBe(false);
    expect(readdirSync(join(dataPaths(ctx.dataDir).work, String(rescuer.pid))).filter((n) => n !== 'office')).toEqual([]);

    rescuer.kill('SIGTERM');
    await once(rescuer, 'exit');
    expect(existsSync(join(dataPaths(ctx.dataDir).work, String(rescuer.pid)))).toBe(false);
  });

  /** Processes whose working directory is inside the worker's scratch dir: the engines it runs. */
  function enginePids(workerPid: number): number[] {
    const root = join(dataPaths(ctx.dataDir).work, String(workerPid));
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          return readlinkSync(`/proc/${pid}/cwd`).startsWith(root);
        } catch {
          return false;
        }
      })
      .map(Number);
  }
});

/** Running, and not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Processes that are not our children give no event when they die: look until they are gone. */
async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Reads the job's SSE stream until it shows `status` (then stops reading). */
async function waitForStatus(client: TestClient, id: string, status: string): Promise<void> {
  const res = await client.request(`/api/v1/jobs/${id}/events`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before ${status}: ${text.slice(-300)}`);
      text += value;
      if (text.includes(`"status":"${status}"`)) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
