import type { Ports } from '../ports.ts';
import type { PeriodicJobDefinition } from './job-definition.ts';

/**
 * Runs each periodic job now and then every `everyMs` on this process's timer (never two runs of one
 * job at once); the returned stop waits for runs in flight. A timer rather than pg-boss schedules:
 * see docs/decisions/061-declared-jobs.md.
 */
export function startPeriodicJobs(container: Ports, jobs: readonly PeriodicJobDefinition[]): () => Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let running: Promise<void> | undefined;
    const tick = () => {
      if (running) return;
      running = job
        .handler(container)
        .then(() => {}, (err) => container.logger.error({ err, job: job.id }, 'periodic job failed'))
        .finally(() => {
          inFlight.delete(running!);
          running = undefined;
        });
      inFlight.add(running);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    tick();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(inFlight);
  };
}
