import { eq } from 'drizzle-orm';
import { user, type Database } from '@wattle/db';

/** better-auth's accounts table: read here only where better-auth offers no call (the magic-link mail). */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}

export async function findUserContact(db: Database, id: string): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, id));
  return row;
}
