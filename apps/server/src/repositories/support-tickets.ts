import { supportTickets, type Database } from '@wattle/db';

export type SupportTicketRow = typeof supportTickets.$inferSelect;

export async function insertSupportTicket(
  db: Database,
  values: { userId: string; replyTo: string; subject: string; message: string; createdAt: Date },
): Promise<SupportTicketRow> {
  const [row] = await db.insert(supportTickets).values(values).returning();
  return row!;
}
