import { eq } from 'drizzle-orm';
import { profiles, type Database } from '@wattle/db';

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
    | 'timeZone'
    | 'locale'
  >
>;

export async function findProfile(db: Database, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row;
}

/** Creates the row when sign-up did not (for example a social account); an existing row is kept as it is. */
export async function ensureProfile(db: Database, values: { id: string; email: string; firstName: string; lastName: string }): Promise<ProfileRow> {
  const existing = await findProfile(db, values.id);
  if (existing) return existing;
  await db.insert(profiles).values(values).onConflictDoNothing({ target: profiles.id });
  return (await findProfile(db, values.id))!;
}

export async function updateProfile(db: Database, userId: string, changes: ProfileChanges, now: Date): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(profiles.id, userId))
    .returning();
  return row;
}
