import { missingEngines } from '@wattle/pdf-engine';
import { AppError, getTool, TOOLS, type Tool } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import { callerLimits, OPEN_JOBS_RETRY_AFTER_SECONDS, VISITOR_OPEN_HEAVY_JOBS_PER_IP, VISITOR_OPEN_JOBS_PER_POOL, type CallerLimits } from '../../domain/caller-limits.ts';
import { userIdOf, type Owner } from '../../domain/owner.ts';
import { isHeavyPool, poolOf, POOLS, type PoolId } from '../../domain/tool-pools.ts';
import { countOpenJobs, countQueuedJobs } from '../../repositories/jobs.ts';
import type { Queryable } from '../../repositories/queryable.ts';
import { takeFromRateLimit } from '../rate-limit.ts';

/**
 * Who may start which tool job now: the tool's engine is installed, its pool's queue has room, and
 * the caller is within their hourly allowance and their caps on open heavy work.
 */

/** Who is asking: the request's owner (none yet for a visitor's first job) and their address. */
export interface Caller {
  owner: Owner | null;
  ip: string;
  /** The API key the request came with: its usage counts the jobs. */
  apiKeyId?: string | null;
}

export const limitsFor = (container: Pick<Ports, 'config'>, owner: Owner | null): CallerLimits => callerLimits(container.config, userIdOf(owner) !== undefined);

export function toolAvailable(container: Pick<Ports, 'engines'>, tool: Tool): boolean {
  return missingEngines(tool.id, container.engines()).length === 0;
}

/** Tools that answer ENGINE_UNAVAILABLE on this machine (for the start-up log). */
export const unavailableTools = (container: Pick<Ports, 'engines'>) => TOOLS.filter((tool) => !toolAvailable(container, tool)).map((tool) => tool.id);

/** Counts `n` jobs against the caller's allowance an hour, the limits table's (per account, or per IP for visitors). */
export async function checkRate(container: Pick<Ports, 'config' | 'clock' | 'db'>, caller: Caller, n: number): Promise<void> {
  const userId = userIdOf(caller.owner);
  const key = userId ? `user:${userId}` : `ip:${caller.ip}`;
  await takeFromRateLimit(container, key, { max: limitsFor(container, caller.owner).jobsPerHour, windowSeconds: 3600 }, n);
}

/**
 * Refusals that make reading the upload pointless, checked as soon as the `tool` field arrives: the
 * tool's engine is missing, its pool already has a full queue, or the caller already has as much heavy
 * work open as allowed (a batch's jobs are counted together when they are committed). An unknown
 * tool is left for the full validation, which reports it with everything else.
 */
export async function precheckTool(container: Pick<Ports, 'config' | 'db' | 'engines'>, caller: Caller, toolId: string): Promise<void> {
  const tool = getTool(toolId);
  if (!tool) return;
  if (!toolAvailable(container, tool)) throw new AppError('ENGINE_UNAVAILABLE', { engine: tool.engine });
  if ((await countQueuedJobs(container.db, poolOf(tool))) >= container.config.JOB_QUEUE_CAP) throw new AppError('QUEUE_FULL', undefined, { retryAfter: 30 });
  await assertOpenJobRoom(container.db, limitsFor(container, caller.owner), caller.owner, visitorIpOf(caller), poolOf(tool), 1);
}

const HEAVY_POOLS = POOLS.filter(isHeavyPool);

/** Visitors are also counted by address, since a new cookie is free. */
export const visitorIpOf = (caller: Caller) => (userIdOf(caller.owner) ? undefined : caller.ip);

/**
 * Refuses `adding` more jobs of a heavy pool past the caps on open work: the caller's own
 * (RATE_LIMITED: per account or visitor session, and per visitor IP), then every visitor's share of
 * the pool (QUEUE_FULL).
 */
export async function assertOpenJobRoom(db: Queryable, limits: CallerLimits, owner: Owner | null, visitorIp: string | undefined, pool: PoolId, adding: number): Promise<void> {
  if (!isHeavyPool(pool)) return;
  const open = await countOpenJobs(db, HEAVY_POOLS, { owner, visitorIp, pool });
  const later = { retryAfter: OPEN_JOBS_RETRY_AFTER_SECONDS };
  if (open.owner + adding > limits.maxOpenHeavyJobs) throw new AppError('RATE_LIMITED', undefined, later);
  if (visitorIp === undefined) return;
  if (open.visitorIp + adding > VISITOR_OPEN_HEAVY_JOBS_PER_IP) throw new AppError('RATE_LIMITED', undefined, later);
  if (open.poolVisitors + adding > VISITOR_OPEN_JOBS_PER_POOL[pool]) throw new AppError('QUEUE_FULL', undefined, later);
}
