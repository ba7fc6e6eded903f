import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountOwner, Owner } from '../domain/owner.ts';

/**
 * The one place an Owner becomes columns. An owned row names its person (userId) or a visitor session,
 * and a team's row also carries teamId: the member who made it stays in userId, but only teamId says
 * whose it is. Tables visitors can own (jobs, outputs, batches) also have visitorSessionId.
 */
interface AccountTable {
  userId: AnyPgColumn;
  teamId: AnyPgColumn;
}
interface OwnedTable extends AccountTable {
  visitorSessionId: AnyPgColumn;
}

/** The condition that keeps a query to the owner's rows: anyone else's id finds nothing. */
export function ownedBy(table: OwnedTable, owner: Owner): SQL {
  if (owner.kind === 'visitor') return eq(table.visitorSessionId, owner.visitorSessionId);
  return ownedByAccount(table, owner);
}

/** ownedBy on a row already read (a cached job): true exactly where ownedBy's condition holds. */
export function isOwnedBy(row: { userId: string | null; teamId: string | null; visitorSessionId: string | null }, owner: Owner): boolean {
  switch (owner.kind) {
    case 'visitor':
      return row.visitorSessionId === owner.visitorSessionId;
    case 'user':
      return row.userId === owner.userId && row.teamId === null;
    case 'team':
      return row.teamId === owner.teamId;
  }
}

/** The same for tables only accounts own (documents, links, keys, webhooks). */
export function ownedByAccount(table: AccountTable, owner: AccountOwner): SQL {
  switch (owner.kind) {
    case 'user':
      return and(eq(table.userId, owner.userId), isNull(table.teamId))!;
    case 'team':
      return eq(table.teamId, owner.teamId);
  }
}

/** Rows of any owner of this kind (every visitor's jobs share a pool's visitor cap). */
export function ownedByKind(table: OwnedTable, kind: Owner['kind']): SQL {
  switch (kind) {
    case 'user':
      return and(isNotNull(table.userId), isNull(table.teamId))!;
    case 'team':
      return isNotNull(table.teamId);
    case 'visitor':
      return isNotNull(table.visitorSessionId);
  }
}

/** The owner columns of a new row. */
export function ownerColumns(owner: Owner): { userId: string | null; teamId: string | null; visitorSessionId: string | null } {
  switch (owner.kind) {
    case 'user':
      return { userId: owner.userId, teamId: null, visitorSessionId: null };
    case 'team':
      return { userId: owner.userId, teamId: owner.teamId, visitorSessionId: null };
    case 'visitor':
      return { userId: null, teamId: null, visitorSessionId: owner.visitorSessionId };
  }
}

/** The columns of a new row only accounts own. */
export function accountColumns(owner: AccountOwner): { userId: string; teamId: string | null } {
  return { userId: owner.userId, teamId: owner.kind === 'team' ? owner.teamId : null };
}
