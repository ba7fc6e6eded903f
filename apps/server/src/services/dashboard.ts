import type { DashboardSummary } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import type { AccountOwner } from '../domain/owner.ts';
import { activitySince } from '../repositories/activity.ts';
import { getUsage } from '../repositories/usage.ts';

export const RECENT_ACTIVITY_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function dashboardSummary(container: Pick<Ports, 'clock' | 'db'>, owner: AccountOwner): Promise<DashboardSummary> {
  const since = new Date(container.clock.now().getTime() - RECENT_ACTIVITY_WINDOW_MS);
  const [usage, activity] = await Promise.all([getUsage(container.db, owner), activitySince(container.db, owner, since)]);
  return {
    pdfs_processed: usage.pdfsProcessed,
    storage_used: usage.storageUsed,
    storage_limit: usage.storageLimit,
    recent_activity: { ...activity, total: activity.uploads + activity.jobs, since: since.toISOString() },
  };
}
