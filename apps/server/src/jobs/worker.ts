import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { closeOfficePool, configureOffice } from '@wattle/pdf-engine';
import type { Ports } from '../ports.ts';
import { processWorkDir } from '../data-dir.ts';
import { poolConcurrency } from '../domain/tool-pools.ts';
import { JOB_DEFINITIONS } from './definitions/index.ts';
import type { PeriodicJobDefinition, QueuedJobDefinition } from './job-definition.ts';
import { startPeriodicJobs } from './periodic.ts';

export interface Worker {
  stop(): Promise<void>;
}

const queuedJobs = JOB_DEFINITIONS.filter((job): job is QueuedJobDefinition => job.kind === 'queued');
const periodicJobs = JOB_DEFINITIONS.filter((job): job is PeriodicJobDefinition => job.kind === 'periodic');

/**
 * The worker role: works the queue of every queued job definition and runs every periodic one.
 * Tests that drive the periodic jobs themselves (on a manual clock) pass `periodic: false`.
 */
export async function startWorker(container: Ports, { periodic = true }: { periodic?: boolean } = {}): Promise<Worker> {
  // One warm LibreOffice listener per office slot, in this process's scratch dir (removed if it dies).
  const officeDir = join(processWorkDir(container.dataDir), 'office');
  await mkdir(officeDir, { recursive: true, mode: 0o700 });
  configureOffice({ slots: poolConcurrency('office'), baseDir: officeDir, idleMs: container.config.OFFICE_IDLE_SECONDS * 1000 });

  for (const job of queuedJobs) {
    await container.queue.work<object>(job.id, { concurrency: job.concurrency }, async (queued) => {
      const payload = job.payload.safeParse(queued.data);
      if (payload.success) return job.handler(container, { ...queued, data: payload.data });
      // A payload no handler can read will not get better on a retry: dropped, not thrown.
      container.logger.error({ job: job.id, queueJobId: queued.id, issues: payload.error.issues }, 'job payload does not match its definition');
    });
  }
  const stopPeriodic = startPeriodicJobs(container, periodic ? periodicJobs : []);

  return {
    async stop() {
      await stopPeriodic();
      await container.queue.stop();
      await closeOfficePool();
      await rm(processWorkDir(container.dataDir), { recursive: true, force: true });
    },
  };
}

/** An api process without a worker still clears what a crash left on its own machine's disk. */
export function startApiOnlyJobs(container: Ports): () => Promise<void> {
  return startPeriodicJobs(container, periodicJobs.filter((job) => job.runsIn === 'every process'));
}
