import { TEAM_ACTIVITY_DAYS } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import { deleteTeamActivityBefore } from '../../repositories/team-activity.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';
import { purgeOlderThan } from './purge-older-than.ts';

/** Deletes team activity entries older than TEAM_ACTIVITY_DAYS. */
export const purgeTeamActivity = (container: Pick<Ports, 'clock' | 'db'>): Promise<number> =>
  purgeOlderThan(container, TEAM_ACTIVITY_DAYS * 24 * 60 * 60 * 1000, (cutoff, limit) => deleteTeamActivityBefore(container.db, cutoff, limit));

export const PURGE_TEAM_ACTIVITY: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'purge-team-activity',
  everyMs: 60 * 60_000,
  runsIn: 'worker',
  handler: purgeTeamActivity,
};
