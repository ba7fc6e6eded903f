import { and, count, desc, eq, sql } from 'drizzle-orm';
import { notifications, type Database } from '@wattle/db';

export type NotificationRow = typeof notifications.$inferSelect;
export interface NewNotification {
  type: string;
  title: string;
  body: string;
  link?: string | null;
}

export async function insertNotification(db: Database, userId: string, values: NewNotification): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: values.type, title: values.title, body: values.body, link: values.link ?? null })
    .returning();
  return row!;
}

/**
 * Inserts unless the user already has a notification of this type, under a per-user transaction lock so
 * two first requests racing each other still make one row. Answers the new row, or undefined.
 */
export async function insertNotificationOnce(db: Database, userId: string, values: NewNotification): Promise<NotificationRow | undefined> {
  const [existing] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, values.type)))
    .limit(1);
  if (existing) return undefined;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification:${values.type}:${userId}`}))`);
    const [again] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, values.type)))
      .limit(1);
    if (again) return undefined;
    const [row] = await tx
      .insert(notifications)
      .values({ userId, type: values.type, title: values.title, body: values.body, link: values.link ?? null })
      .returning();
    return row;
  });
}

export async function listNotifications(db: Database, userId: string, page: number, pageSize: number): Promise<{ items: NotificationRow[]; total: number }> {
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { items, total: totals?.total ?? 0 };
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.unread ?? 0;
}

/** Answers false when the id is not one of the user's notifications. */
export async function markRead(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
