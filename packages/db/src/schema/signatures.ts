import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A person's saved signature and initials (the PNGs live in the blob store under
 * signatures/{userId}/{kind}.png); a row says one is there and when it was last replaced.
 */
export const savedSignatures = pgTable(
  'saved_signatures',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
