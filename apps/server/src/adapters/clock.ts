/** Injected wherever time matters (expiry, retention, rate-limit windows), so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
