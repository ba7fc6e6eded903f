import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { member, teamActivity, type Database } from '@wattle/db';
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

/**
 * Takes a deleted person out of every team's log (APP 11, decision 137): entries they made, entries
 * about their address and the role changes naming them now read `label` instead; what happened stays.
 * Run while their rows exist (the actor id is still set), before the account goes.
 */
export async function forgetInTeamActivity(db: Queryable, person: { id: string; name: string; email: string }, label: string): Promise<void> {
  const aboutTheirAddress = sql`lower(${teamActivity.subject}) = ${person.email.toLowerCase()}`;
  const teams = await db
    .select({ id: teamActivity.teamId })
    .from(teamActivity)
    .where(or(eq(teamActivity.actorUserId, person.id), aboutTheirAddress));
  const teamIds = [...new Set([...teams.map((t) => t.id), ...(await db.select({ id: member.organizationId }).from(member).where(eq(member.userId, person.id))).map((m) => m.id)])];
  await db.update(teamActivity).set({ actorName: label }).where(eq(teamActivity.actorUserId, person.id));
  await db.update(teamActivity).set({ subject: label }).where(aboutTheirAddress);
  if (teamIds.length === 0) return;
  // "Name: admin → member": the name is replaced only in teams the person was in, where it was theirs.
  const prefix = `${person.name}: `;
  await db
    .update(teamActivity)
    .set({ subject: sql`${label + ': '} || substr(${teamActivity.subject}, ${prefix.length + 1})` })
    .where(and(eq(teamActivity.action, 'member.role_changed'), inArray(teamActivity.teamId, teamIds), sql`starts_with(${teamActivity.subject}, ${prefix})`));
}
