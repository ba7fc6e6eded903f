import { treeRss } from '../tools/process-memory.ts';

/** Wall time of fn, in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Samples the resident memory of this process and all its descendants (the engines) every
 * 200 ms; reports the highest sum seen and this process's own high-water mark.
 */
export function startRssSampler() {
  let peakTree = 0;
  const timer = setInterval(() => {
    peakTree = Math.max(peakTree, treeRss(process.pid));
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      return { nodePeakMiB: process.resourceUsage().maxRSS / 1024, treePeakMiB: peakTree / 1024 / 1024 };
    },
  };
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Each side `runs` times, the sides taking turns (so a change in the machine's load touches all
 * alike), after one unmeasured warm-up each. Returns the wall times per side, in milliseconds.
 */
export async function alternate(runs: number, sides: Record<string, () => unknown>): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
  for (const side of Object.values(sides)) await side();
  for (let i = 0; i < runs; i++) {
    for (const [name, side] of Object.entries(sides)) times[name]!.push((await timed(async () => side())).ms);
  }
  return times;
}

/** "1.23 s (min 1.10 s), 2.46 ms a page": median and best, and the median per page when pages are given. */
export function summary(ms: number[], pages?: number): string {
  const perPage = pages ? `, ${(median(ms) / pages).toFixed(2)} ms a page` : '';
  return `${secs(median(ms))} (min ${secs(Math.min(...ms))})${perPage}`;
}
