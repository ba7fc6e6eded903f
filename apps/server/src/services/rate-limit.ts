import { AppError } from '@wattle/shared';
import type { Container } from '../container.ts';
import { hitRateLimit } from '../repositories/jobs.ts';

const WINDOW_MS = 60_000;

/**
 * Counts `n` hits against the key's allowance per minute, in the limiter every process shares (the
 * tools' one); past it, RATE_LIMITED with the seconds until the minute is up (sent as Retry-After).
 */
export async function takeFromRateLimit(container: Container, key: string, n: number, perMinute: number): Promise<void> {
  const now = container.clock.now();
  const { count, windowStart } = await hitRateLimit(container.db, key, n, now, WINDOW_MS);
  if (count > perMinute) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000));
    throw new AppError('RATE_LIMITED', { retryAfter });
  }
}
