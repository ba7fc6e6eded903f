import { and, eq } from 'drizzle-orm';
import { account } from '@wattle/db';
import type { Queryable } from './queryable.ts';

/** The password hash of the person's email-and-password sign-in, if they have one (better-auth's account row). */
export async function findPasswordHash(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1);
  return row?.password ?? null;
}
