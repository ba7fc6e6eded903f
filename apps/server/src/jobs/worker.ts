import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { closeOfficePool, configureOffice } from '@wattle/pdf-engine';
import type { Container } from '../container.ts';
import { processWorkDir, removeOrphanWorkDirs } from '../services/tool-runner.ts';
import { PERIODIC_TASKS, startPeriodicTasks, type PeriodicTask } from './periodic.ts';
import { DEAD_LETTER_QUEUE, POOLS, poolConcurrency, poolQueue } from '../domain/tool-pools.ts';
import { failAbandonedJob, runToolJob, type ToolJobData } from './run-tool-job.ts';

export interface Worker {
  stop(): Promise<void>;
}

/**
 * The worker role: runs the tool pools (per-pool concurrency), marks abandoned jobs failed and runs
 * the periodic housekeeping. Scratch dirs of workers that died on this machine are removed first.
 */
export async function startWorker(container: Container, tasks: PeriodicTask[] = PERIODIC_TASKS): Promise<Worker> {
  const removed = await removeOrphanWorkDirs(container);
  if (removed.length) container.logger.info({ processes: removed }, 'removed scratch dirs of dead workers');

  // One warm LibreOffice listener per office slot, in this process's scratch dir (removed if it dies).
  const officeDir = join(processWorkDir(container), 'office');
  await mkdir(officeDir, { recursive: true, mode: 0o700 });
  configureOffice({ slots: poolConcurrency('office'), baseDir: officeDir });
  for (const pool of POOLS) {
    await container.queue.work<ToolJobData>(poolQueue(pool), { concurrency: poolConcurrency(pool) }, (job) => runToolJob(container, job));
  }
  await container.queue.work<ToolJobData>(DEAD_LETTER_QUEUE, { concurrency: 1 }, (job) => failAbandonedJob(container, job));

  const stopTasks = startPeriodicTasks(container, tasks);

  return {
    async stop() {
      await stopTasks();
      await container.queue.stop();
      await closeOfficePool();
      await rm(processWorkDir(container), { recursive: true, force: true });
    },
  };
}
