import { eq } from 'drizzle-orm';
import { profiles, usageStatistics, type Database } from '@wattle/db';
import { splitFullName } from '@wattle/shared';

/** Every account gets its profile (names from the sign-up full name) and its usage row. */
export async function createAccountRows(db: Database, user: { id: string; email: string; name: string }): Promise<void> {
  const { firstName, lastName } = splitFullName(user.name);
  await db.insert(profiles).values({ id: user.id, email: user.email, firstName, lastName }).onConflictDoNothing();
  await db.insert(usageStatistics).values({ userId: user.id }).onConflictDoNothing();
}

/** A session is only ever created by a sign-in, so this runs at every sign-in. */
export async function recordSignIn(db: Database, userId: string, at: Date): Promise<void> {
  await db.update(profiles).set({ lastLoginAt: at }).where(eq(profiles.id, userId));
}
