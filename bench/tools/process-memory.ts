import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process and all its descendants (its engines), in bytes; 0 once it is gone. */
export function treeRss(pid: number): number {
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const current = stack.pop()!;
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${current}/status`, 'latin1'))?.[1] ?? 0) * 1024;
      for (const thread of readdirSync(`/proc/${current}/task`)) {
        for (const child of readFileSync(`/proc/${current}/task/${thread}/children`, 'latin1').split(' ')) if (child.trim()) stack.push(Number(child));
      }
    } catch {
      // exited while we looked
    }
  }
  return total;
}

/** The highest treeRss(pid) seen, sampled every 100 ms until stopped. */
export function peakSampler(pid: number) {
  let peak = treeRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, 100);
  return {
    stop(): number {
      clearInterval(timer);
      return Math.max(peak, treeRss(pid));
    },
  };
}
