import { and, count, eq, gte } from 'drizzle-orm';
import { supportTickets, type Database } from '@wattle/db';

export type SupportTicketRow = typeof supportTickets.$inferSelect;

export async function insertSupportTicket(
  db: Database,
  values: { userId: string; replyTo: string; subject: string; message: string; createdAt: Date },
): Promise<SupportTicketRow> {
  const [row] = await db.insert(supportTickets).values(values).returning();
  return row!;
}

export async function countTicketsSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(and(eq(supportTickets.userId, userId), gte(supportTickets.createdAt, since)));
  return row?.n ?? 0;
}
