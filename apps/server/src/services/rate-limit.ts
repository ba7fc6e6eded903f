import type { Database } from '@wattle/db';
import { AppError } from '@wattle/shared';
import type { Clock } from '../adapters/clock.ts';
import { hitRateLimit } from '../repositories/rate-limits.ts';

/**
 * The one rate limiter, shared by every process through the rate_limits table: auth's guards, job
 * submissions, document uploads and support tickets each name a key and the window they need.
 */

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  limited: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

type Deps = { db: Database; clock: Clock };

/** Counts `n` hits against the key's allowance and says whether they went past it. */
export async function countHits(deps: Deps, key: string, limit: RateLimit, n = 1): Promise<RateLimitResult> {
  const now = deps.clock.now();
  const { count, resetsAt } = await hitRateLimit(deps.db, key, n, now, limit.windowSeconds * 1000);
  return { limited: count > limit.max, retryAfter: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)) };
}

/** Counts `n` hits; past the allowance, RATE_LIMITED with the seconds until the window ends (sent as Retry-After). */
export async function takeFromRateLimit(deps: Deps, key: string, limit: RateLimit, n = 1): Promise<void> {
  const { limited, retryAfter } = await countHits(deps, key, limit, n);
  if (limited) throw new AppError('RATE_LIMITED', undefined, { retryAfter });
}
