import type { Container } from '../container.ts';
import { removeLeftoverFiles } from './remove-leftover-files.ts';
import { sweepExpiredToolJobs } from './sweep-expired-jobs.ts';

/** Housekeeping on a timer; each task is idempotent and safe on several instances at once. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(container: Container): Promise<unknown>;
}

/** Every role writes temporary files to this machine's disk, so every process clears what a crash left. */
export const LEFTOVER_FILES_TASK: PeriodicTask = { name: 'remove-leftover-files', everyMs: 10 * 60_000, run: removeLeftoverFiles };

/** What the worker role runs. */
export const PERIODIC_TASKS: PeriodicTask[] = [{ name: 'sweep-expired-tool-jobs', everyMs: 60_000, run: sweepExpiredToolJobs }, LEFTOVER_FILES_TASK];

/** Runs each task now and then every `everyMs` (never two runs of one task at once); stop waits for runs in flight. */
export function startPeriodicTasks(container: Container, tasks: PeriodicTask[]): () => Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const timers = tasks.map((task) => {
    let running: Promise<void> | undefined;
    const tick = () => {
      if (running) return;
      running = task
        .run(container)
        .then(() => {}, (err) => container.logger.error({ err, task: task.name }, 'periodic task failed'))
        .finally(() => {
          inFlight.delete(running!);
          running = undefined;
        });
      inFlight.add(running);
    };
    const timer = setInterval(tick, task.everyMs);
    timer.unref();
    tick();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(inFlight);
  };
}
