import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** The shortest stretch a reading covers: a shorter one tells of a request, not of load. */
const STRETCH_MS = 1000;

let start: EventLoopUtilization = performance.eventLoopUtilization();
let load = 0;

/**
 * The share of time this thread's event loop has lately been busy (0..1): over the stretch since the
 * previous reading once that is a second or longer, until then the previous reading.
 */
export function eventLoopLoad(): number {
  const now = performance.eventLoopUtilization();
  const stretch = performance.eventLoopUtilization(now, start);
  if (stretch.idle + stretch.active >= STRETCH_MS) {
    load = stretch.utilization;
    start = now;
  }
  return load;
}
