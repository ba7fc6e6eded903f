/** An allowance of the one rate limiter (`services/rate-limit.ts`): at most `max` hits a window. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  limited: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/** Counts one hit against a key's allowance; what auth is given, so it need not import services. */
export type CountHit = (key: string, limit: RateLimit) => Promise<RateLimitResult>;
