import { count, desc, eq, inArray, lt } from 'drizzle-orm';
import { teamActivity, type Database } from '@wattle/db';
import type { TeamActivityAction } from '@wattle/shared';
import type { Queryable } from './queryable.ts';

export interface TeamActivityEntry {
  teamId: string;
  actorUserId: string | null;
  actorName: string;
  action: TeamActivityAction;
  subject: string;
  createdAt: Date;
}

export async function insertTeamActivity(db: Queryable, entry: TeamActivityEntry): Promise<void> {
  await db.insert(teamActivity).values(entry);
}

/** One page of a team's log, newest first. */
export async function listTeamActivity(db: Database, teamId: string, page: { offset: number; limit: number }) {
  const where = eq(teamActivity.teamId, teamId);
  const [rows, [counted]] = await Promise.all([
    db.select().from(teamActivity).where(where).orderBy(desc(teamActivity.createdAt), desc(teamActivity.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(teamActivity).where(where),
  ]);
  return { rows, total: counted!.total };
}

/** Deletes up to `limit` entries older than the cutoff; returns how many went. */
export async function deleteTeamActivityBefore(db: Database, cutoff: Date, limit: number): Promise<number> {
  const old = db.select({ id: teamActivity.id }).from(teamActivity).where(lt(teamActivity.createdAt, cutoff)).limit(limit);
  const deleted = await db.delete(teamActivity).where(inArray(teamActivity.id, old)).returning({ id: teamActivity.id });
  return deleted.length;
}

