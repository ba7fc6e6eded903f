import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eventLoopLoad } from './event-loop-load.ts';

/** Holds the event loop, as a burst of requests and quick jobs does. */
function holdLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('eventLoopLoad', () => {
  it('reads a loop held for a second as busy, and one left waiting for a second as idle', async () => {
    eventLoopLoad(); // a reading starts the next stretch
    await sleep(1100);
    expect(eventLoopLoad()).toBeLessThan(0.2);
    holdLoop(1100);
    await sleep(0);
    expect(eventLoopLoad()).toBeGreaterThan(0.8);
    // Until a second has passed, the last reading stands.
    expect(eventLoopLoad()).toBeGreaterThan(0.8);
    await sleep(1100);
    expect(eventLoopLoad()).toBeLessThan(0.2);
  });
});
