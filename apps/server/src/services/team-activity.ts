import { type TeamActivityAction, type TeamActivityPage } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import type { AccountOwner } from '../domain/owner.ts';
import { insertTeamActivity, listTeamActivity } from '../repositories/team-activity.ts';
import { findUserContact } from '../repositories/users.ts';

/** Writes what a member did to the team's log; a personal space keeps no log. A failed write never fails the change itself. */
export async function recordTeamActivity(container: Pick<Ports, 'logger' | 'clock' | 'db'>, owner: AccountOwner, action: TeamActivityAction, subject: string): Promise<void> {
  if (owner.kind !== 'team') return;
  try {
    const who = await findUserContact(container.db, owner.userId);
    await insertTeamActivity(container.db, {
      teamId: owner.teamId,
      actorUserId: owner.userId,
      actorName: who?.name ?? 'Someone',
      action,
      subject,
      createdAt: container.clock.now(),
    });
  } catch (err) {
    container.logger.error({ err, action }, 'could not record team activity');
  }
}

/** One page of the team's log, newest first (entries older than TEAM_ACTIVITY_DAYS are swept). */
export async function teamActivityPage(container: Pick<Ports, 'db'>, teamId: string, query: { page: number; pageSize: number }): Promise<TeamActivityPage> {
  const { rows, total } = await listTeamActivity(container.db, teamId, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
  return {
    items: rows.map((row) => ({ id: row.id, at: row.createdAt.toISOString(), actor: row.actorName, action: row.action as TeamActivityAction, subject: row.subject })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
