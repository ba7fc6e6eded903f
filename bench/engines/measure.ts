import { readdirSync, readFileSync } from 'node:fs';

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

function treeRss(root: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'latin1');
      parents.set(Number(entry), Number(/PPid:\s+(\d+)/.exec(status)?.[1]));
      rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // exited while we looked
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && parents.has(pid) && inTree(parents.get(pid)!));
  let total = 0;
  for (const [pid, bytes] of rss) if (inTree(pid)) total += bytes;
  return total;
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
