import { TEAM_ACTIVITY_DAYS } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { deleteTeamActivityBefore } from '../../repositories/team-activity.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

const BATCH = 1000;

/** Deletes team activity entries older than TEAM_ACTIVITY_DAYS, in batches. */
export async function purgeTeamActivity(container: Container): Promise<number> {
  const cutoff = new Date(container.clock.now().getTime() - TEAM_ACTIVITY_DAYS * 24 * 60 * 60 * 1000);
  let purged = 0;
  for (;;) {
    const deleted = await deleteTeamActivityBefore(container.db, cutoff, BATCH);
    purged += deleted;
    if (deleted < BATCH) return purged;
  }
}

export const PURGE_TEAM_ACTIVITY: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'purge-team-activity',
  everyMs: 60 * 60_000,
  runsIn: 'worker',
  handler: purgeTeamActivity,
};
