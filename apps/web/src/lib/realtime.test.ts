import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { CONNECT_TIMEOUT_MS, connectRealtime, reconnectDelay } from './realtime';

class FakeSource {
  listeners = new Map<string, Array<() => void>>();
  closed = false;
  onerror: (() => void) | null = null;
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const l of this.listeners.get(type) ?? []) l();
  }
  close() {
    this.closed = true;
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const pending: Array<{ fn: () => void; ms: number; id: number }> = [];
  let nextId = 1;
  const timers = {
    setTimeout: (fn: () => void, ms: number) => {
      const id = nextId++;
      pending.push({ fn, ms, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      const i = pending.findIndex((t) => t.id === id);
      if (i >= 0) pending.splice(i, 1);
    },
  };
  /** Runs the next timer and answers the delay it was set with. */
  const tick = () => {
    const t = pending.shift()!;
    t.fn();
    return t.ms;
  };
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const stop = connectRealtime({
    queryClient,
    createSource: () => {
      const s = new FakeSource();
      sources.push(s);
      return s as never;
    },
    timers,
  });
  return { sources, pending, tick, invalidate, stop };
}

describe('realtime', () => {
  it('backs off 1, 2, 5, then 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });

  it('invalidates the keys of each event type', () => {
    const { sources, invalidate } = setup();
    sources[0]!.emit('ready');
    sources[0]!.emit('notification');
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['notifications'], ['links']]);
    invalidate.mockClear();
    sources[0]!.emit('documents.changed');
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['documents'], ['usage'], ['dashboard']]);
  });

  it('reconnects with back-off after errors and resets it once connected', () => {
    const { sources, pending, tick } = setup();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      sources.at(-1)!.onerror!();
      delays.push(tick());
    }
    expect(delays).toEqual([1000, 2000, 5000, 10_000, 10_000]);
    expect(sources.slice(0, -1).every((s) => s.closed)).toBe(true);
    sources.at(-1)!.emit('ready');
    sources.at(-1)!.onerror!();
    expect(pending.at(-1)!.ms).toBe(1000);
  });

  it('gives up on a connection that does not open in time', () => {
    const { sources, pending, tick } = setup();
    expect(pending[0]!.ms).toBe(CONNECT_TIMEOUT_MS);
    tick();
    expect(sources[0]!.closed).toBe(true);
    expect(pending[0]!.ms).toBe(1000);
  });

  it('refetches everything after a reconnect, not on the first connect', () => {
    const { sources, tick, invalidate } = setup();
    sources[0]!.emit('ready');
    expect(invalidate).not.toHaveBeenCalled();
    sources[0]!.onerror!();
    tick();
    sources[1]!.emit('ready');
    expect(invalidate.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('stops for good', () => {
    const { sources, pending, stop } = setup();
    stop();
    expect(sources[0]!.closed).toBe(true);
    expect(pending).toHaveLength(0);
    sources[0]!.onerror!();
    expect(pending).toHaveLength(0);
  });
});
