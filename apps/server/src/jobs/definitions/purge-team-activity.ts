import { purgeTeamActivity } from '../../services/retention.ts';
import type { PeriodicJobDefinition } from '../job-definition.ts';

export const PURGE_TEAM_ACTIVITY: PeriodicJobDefinition = {
  kind: 'periodic',
  id: 'purge-team-activity',
  everyMs: 60 * 60_000,
  runsIn: 'worker',
  handler: purgeTeamActivity,
};
