import type { Database } from '@wattle/db';
import { AppError, type ErrorCode } from '@wattle/shared';
import type { Clock } from '../adapters/clock.ts';
import type { RateLimit, RateLimitResult } from '../domain/rate-limit.ts';
import { hitRateLimit, readRateLimit } from '../repositories/rate-limits.ts';

/**
 * The one rate limiter, shared by every process through the rate_limits table: auth's guards, job
 * submissions, document uploads and support tickets each name a key and the window they need.
 */

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

/**
 * Guesses at a secret that has one rightful holder (a share link's password or its email codes): a few
 * free wrong guesses, then one guess per wait, each wait twice the last up to a cap. Someone guessing is
 * slowed to a crawl, and the rightful viewer waits at most the cap, never a lock of its own.
 */
export interface BackOff {
  /** Wrong guesses before the first wait. */
  free: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  /** Wrong guesses are forgotten this long after the first of them. */
  forgetSeconds: number;
}

const waitSeconds = (backOff: BackOff, failures: number) =>
  Math.min(backOff.maxWaitSeconds, backOff.firstWaitSeconds * 2 ** Math.min(30, failures - backOff.free));

/**
 * One guess under the key's back-off. Past the free wrong guesses, the first guess of each wait goes
 * ahead (its turn claimed atomically, so concurrent guesses cannot share one) and the others get
 * RATE_LIMITED until it ends. `guess` refuses by throwing; a refusal with one of `wrongCodes` is a wrong guess.
 */
export async function guessUnderBackOff<T>(deps: Deps, key: string, backOff: BackOff, wrongCodes: readonly ErrorCode[], guess: () => Promise<T>): Promise<T> {
  const now = deps.clock.now();
  const failures = await readRateLimit(deps.db, `${key}:wrong`, now);
  if (failures >= backOff.free) await takeFromRateLimit(deps, `${key}:turn`, { max: 1, windowSeconds: waitSeconds(backOff, failures) });
  try {
    return await guess();
  } catch (error) {
    if (error instanceof AppError && wrongCodes.includes(error.code)) await hitRateLimit(deps.db, `${key}:wrong`, 1, deps.clock.now(), backOff.forgetSeconds * 1000);
    throw error;
  }
}
