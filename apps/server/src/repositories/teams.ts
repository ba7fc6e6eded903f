import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { documentVersions, invitation, jobOutputs, member, organization, pdfFiles, user, type Database } from '@wattle/db';
import { TEAM_ROLES, type TeamRole } from '@wattle/shared';
import type { Queryable } from './queryable.ts';

export interface Membership {
  memberId: string;
  role: TeamRole;
}

const asRole = (role: string): TeamRole => ((TEAM_ROLES as readonly string[]).includes(role) ? (role as TeamRole) : 'member');

/** The person's membership of the team, or undefined when they are not (or no longer) in it. */
export async function findMembership(db: Queryable, teamId: string, userId: string): Promise<Membership | undefined> {
  const [row] = await db
    .select({ memberId: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, teamId), eq(member.userId, userId)))
    .limit(1);
  return row && { ...row, role: asRole(row.role) };
}

/** Moves the member's last-active time on, at most once a minute (one indexed update, usually none). */
export async function touchMember(db: Queryable, memberId: string, now: Date): Promise<void> {
  await db
    .update(member)
    .set({ lastActiveAt: now })
    .where(and(eq(member.id, memberId), or(isNull(member.lastActiveAt), lt(member.lastActiveAt, new Date(now.getTime() - 60_000)))));
}

/** The people in the team (their browsers hear of changes to its documents). */
export async function memberUserIds(db: Queryable, teamId: string): Promise<string[]> {
  const rows = await db.select({ userId: member.userId }).from(member).where(eq(member.organizationId, teamId));
  return rows.map((row) => row.userId);
}

/** Every team the person belongs to, with their role, by name. */
export async function listTeamsOf(db: Database, userId: string) {
  const rows = await db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name), asc(organization.id));
  return rows.map((row) => ({ ...row, role: asRole(row.role) }));
}

export async function findTeam(db: Database, teamId: string) {
  const [row] = await db.select().from(organization).where(eq(organization.id, teamId)).limit(1);
  return row;
}

/** The team's members with their names, oldest membership first. */
export async function listMembers(db: Database, teamId: string) {
  const rows = await db
    .select({
      id: member.id,
      userId: member.userId,
      name: user.name,
      email: user.email,
      image: user.image,
      role: member.role,
      joinedAt: member.createdAt,
      lastActiveAt: member.lastActiveAt,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, teamId))
    .orderBy(asc(member.createdAt), asc(member.id));
  return rows.map((row) => ({ ...row, role: asRole(row.role) }));
}

/** Pending invitations that still work, oldest first, with the inviter's name. */
export async function listPendingInvitations(db: Database, teamId: string, now: Date) {
  const rows = await db
    .select({ id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, invitedBy: user.name })
    .from(invitation)
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(and(eq(invitation.organizationId, teamId), eq(invitation.status, 'pending'), gt(invitation.expiresAt, now)))
    .orderBy(asc(invitation.createdAt), asc(invitation.id));
  return rows.map((row) => ({ ...row, role: asRole(row.role) }));
}

/**
 * Hands the team to another member in one transaction: they become the owner, the old owner an admin.
 * Returns the new owner's membership, or undefined when `toMemberId` is not a member of the team.
 */
export async function transferOwnership(db: Database, teamId: string, fromUserId: string, toMemberId: string) {
  return db.transaction(async (tx) => {
    // Both rows are locked in one statement, so two transfers cannot both see themselves as the owner.
    const rows = await tx
      .select({ id: member.id, userId: member.userId, role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, teamId), or(eq(member.userId, fromUserId), eq(member.id, toMemberId))))
      .for('update');
    const from = rows.find((row) => row.userId === fromUserId);
    const to = rows.find((row) => row.id === toMemberId);
    if (!from || from.role !== 'owner' || !to || to.id === from.id) return undefined;
    await tx.update(member).set({ role: 'owner' }).where(eq(member.id, to.id));
    await tx.update(member).set({ role: 'admin' }).where(eq(member.id, from.id));
    return { ...to, previousRole: asRole(to.role) };
  });
}

/** Every blob key a team's documents (all versions) and job outputs hold: what deleting the team must erase. */
export async function teamBlobKeys(db: Database, teamId: string): Promise<string[]> {
  const [documents, versions, outputs] = await Promise.all([
    db.select({ key: pdfFiles.filePath }).from(pdfFiles).where(and(eq(pdfFiles.teamId, teamId), isNull(pdfFiles.purgedAt))),
    db
      .select({ key: documentVersions.filePath })
      .from(documentVersions)
      .innerJoin(pdfFiles, eq(pdfFiles.id, documentVersions.documentId))
      .where(and(eq(pdfFiles.teamId, teamId), isNull(pdfFiles.purgedAt))),
    db.select({ key: jobOutputs.blobKey }).from(jobOutputs).where(eq(jobOutputs.teamId, teamId)),
  ]);
  return [...new Set([...documents, ...versions, ...outputs].map((row) => row.key))];
}

