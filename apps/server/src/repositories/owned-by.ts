import { eq, isNotNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Owner } from '../domain/owner.ts';

/**
 * The one place an Owner becomes columns. Every owned table (jobs, their outputs, batches) carries one
 * column per owner kind, exactly one of them set; a new kind adds its column and a case here.
 */
interface OwnedTable {
  userId: AnyPgColumn;
  visitorSessionId: AnyPgColumn;
}

/** The condition that keeps a query to the owner's rows: anyone else's id finds nothing. */
export function ownedBy(table: OwnedTable, owner: Owner): SQL {
  switch (owner.kind) {
    case 'user':
      return eq(table.userId, owner.userId);
    case 'visitor':
      return eq(table.visitorSessionId, owner.visitorSessionId);
  }
}

/** Rows of any owner of this kind (every visitor's jobs share a pool's visitor cap). */
export function ownedByKind(table: OwnedTable, kind: Owner['kind']): SQL {
  switch (kind) {
    case 'user':
      return isNotNull(table.userId);
    case 'visitor':
      return isNotNull(table.visitorSessionId);
  }
}

/** The owner columns of a new row. */
export function ownerColumns(owner: Owner): { userId: string | null; visitorSessionId: string | null } {
  switch (owner.kind) {
    case 'user':
      return { userId: owner.userId, visitorSessionId: null };
    case 'visitor':
      return { userId: null, visitorSessionId: owner.visitorSessionId };
  }
}
