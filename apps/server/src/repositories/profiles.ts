import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { profiles, type Database } from '@wattle/db';
import type { ToolSettings } from '@wattle/shared';
import type { Queryable } from './queryable.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileChanges = Partial<
  Pick<
    typeof profiles.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'companyName'
    | 'phoneNumber'
    | 'avatarUrl'
    | 'pdfViewerMode'
    | 'pdfExportQuality'
    | 'preferredPageSize'
    | 'autoSaveFrequency'
    | 'removeActiveContent'
    | 'timeZone'
    | 'locale'
  >
>;

export async function findProfile(db: Database, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row;
}

type NewProfile = { id: string; email: string; firstName: string; lastName: string };

/** Creates the row unless it exists (an existing row is kept as it is). */
export async function insertProfileIfAbsent(db: Database, values: NewProfile): Promise<void> {
  await db.insert(profiles).values(values).onConflictDoNothing({ target: profiles.id });
}

/** Creates the row when sign-up did not (for example a social account); an existing row is kept as it is. */
export async function ensureProfile(db: Database, values: NewProfile): Promise<ProfileRow> {
  const existing = await findProfile(db, values.id);
  if (existing) return existing;
  await insertProfileIfAbsent(db, values);
  return (await findProfile(db, values.id))!;
}

/** The PDF settings tools start from (Export Quality, Default Page Size); the database's checks keep them in range. */
export async function findToolSettings(db: Queryable, userId: string): Promise<ToolSettings | undefined> {
  const [row] = await db
    .select({ pdf_export_quality: profiles.pdfExportQuality, preferred_page_size: profiles.preferredPageSize })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row as ToolSettings | undefined;
}

/** The account's "Remove active content" setting; on for an account without a profile row. */
export async function removesActiveContent(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: profiles.removeActiveContent }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row?.on ?? true;
}

/** A session is only ever created by a sign-in: this runs at every sign-in. */
export async function recordSignIn(db: Database, userId: string, at: Date): Promise<void> {
  await db.update(profiles).set({ lastLoginAt: at }).where(eq(profiles.id, userId));
}

export async function updateProfile(db: Database, userId: string, changes: ProfileChanges, now: Date): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning();
  return row;
}

/** Of these people, those whose profile shows a picture (its bytes are theirs; the orphan sweep asks). */
export async function findUsersWithAvatars(db: Queryable, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db.select({ id: profiles.id }).from(profiles).where(and(inArray(profiles.id, userIds), isNotNull(profiles.avatarUrl)));
  return rows.map((row) => row.id);
}
