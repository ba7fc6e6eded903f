import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows of `table` that arrive as JSON (`json_agg` in a subquery): keyed by column name, with
 * timestamps as text. Each value goes through its column's own mapping, as a plain select's would.
 */
export function fromJsonRows<T extends PgTable>(table: T, rows: readonly Record<string, unknown>[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [key, row[column.name] == null ? null : column.mapFromDriverValue(row[column.name])])));
}
