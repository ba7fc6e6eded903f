import type { Database } from '@wattle/db';
import { splitFullName } from '@wattle/shared';
import { insertProfileIfAbsent } from '../repositories/profiles.ts';
import { ensureUsageRow } from '../repositories/usage.ts';

/** Every account gets its profile (names from the sign-up full name) and its usage row. */
export async function createAccountRows(db: Database, user: { id: string; email: string; name: string }): Promise<void> {
  const { firstName, lastName } = splitFullName(user.name);
  await insertProfileIfAbsent(db, { id: user.id, email: user.email, firstName, lastName });
  await ensureUsageRow(db, user.id);
}
