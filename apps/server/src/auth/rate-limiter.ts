import { createHash, randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import { rateLimit, type Database } from '@wattle/db';
import type { Clock } from '../adapters/clock.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  limited: boolean;
  retryAfterSeconds: number;
}

/** No window is longer than this; older rows are swept. */
export const MAX_WINDOW_SECONDS = 24 * 3600;
const SWEEP_EVERY = 200;

/**
 * Fixed-window counters in the `rate_limit` table, so every process sees the same counts. One
 * upsert per hit counts atomically: concurrent requests can never all read "zero" and slip through.
 * For our keys `last_request` holds the start of the current window.
 */
export function createRateLimiter(db: Database, clock: Clock) {
  let hits = 0;
  return {
    async hit(key: string, limit: Limit): Promise<LimitResult> {
      const now = clock.now().getTime();
      const expired = now - limit.windowSeconds * 1000;
      const [row] = await db
        .insert(rateLimit)
        .values({ id: randomUUID(), key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${rateLimit.lastRequest} <= ${expired} then 1 else ${rateLimit.count} + 1 end`,
            lastRequest: sql`case when ${rateLimit.lastRequest} <= ${expired} then ${now} else ${rateLimit.lastRequest} end`,
          },
        })
        .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
      if (++hits % SWEEP_EVERY === 0) await db.delete(rateLimit).where(lt(rateLimit.lastRequest, now - MAX_WINDOW_SECONDS * 1000));
      const retryAfterSeconds = Math.max(1, Math.ceil((row!.windowStart + limit.windowSeconds * 1000 - now) / 1000));
      return { limited: row!.count > limit.max, retryAfterSeconds };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Account keys are hashed: the table never holds an email address. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/** One IPv6 host usually owns a whole /64, so limits apply to the prefix, not the address. */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
