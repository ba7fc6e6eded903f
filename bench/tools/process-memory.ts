import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of one process, in bytes; 0 once it is gone. */
export function processRss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0) * 1024;
  } catch {
    return 0; // exited while we looked
  }
}

/** Resident memory of a process and all its descendants (its engines), in bytes; 0 once it is gone. */
export function treeRss(pid: number): number {
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const current = stack.pop()!;
    try {
      total += processRss(current);
      for (const thread of readdirSync(`/proc/${current}/task`)) {
        for (const child of readFileSync(`/proc/${current}/task/${thread}/children`, 'latin1').split(' ')) if (child.trim()) stack.push(Number(child));
      }
    } catch {
      // exited while we looked
    }
  }
  return total;
}

/** The highest treeRss(pid) seen, sampled every 100 ms until stopped; `ownPeak()` is the process's alone. */
export function peakSampler(pid: number) {
  let peak = 0;
  let own = 0;
  const sample = () => {
    peak = Math.max(peak, treeRss(pid));
    own = Math.max(own, processRss(pid));
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop(): number {
      clearInterval(timer);
      sample();
      return peak;
    },
    ownPeak: () => own,
  };
}
