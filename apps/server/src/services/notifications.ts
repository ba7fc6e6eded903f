import { AppError, sanitizeReturnTarget, type AppEvent, type Notification } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import {
  countUnread,
  insertNotification,
  insertNotificationOnce,
  listNotifications,
  markAllRead,
  markRead,
  type NewNotification,
  type NotificationRow,
} from '../repositories/notifications.ts';

export interface NotificationInput {
  /** A short machine name: 'welcome', 'job.finished', … */
  type: string;
  title: string;
  body: string;
  /** Where the notification leads: an in-app path such as '/dashboard/downloads'. */
  link?: string;
}

export type NotificationJson = Notification;

export const NOTIFICATIONS_PAGE_SIZE = 20;

const WELCOME: NotificationInput = {
  type: 'welcome',
  title: 'Welcome to Wattle PDF',
  body: 'Your account is ready. Upload your first PDF to get started.',
  link: '/dashboard/documents?upload=true',
};

/** Stores a notification for the user and tells their open browsers (event `notification`). */
export async function notify(container: Pick<Ports, 'logger' | 'db' | 'events'>, userId: string, input: NotificationInput): Promise<NotificationJson> {
  const row = await insertNotification(container.db, userId, clean(input));
  await publish(container, userId, { type: 'notification', id: row.id });
  return toJson(row);
}

/** The welcome notification, once per account; answers true when this call created it. */
export async function welcomeOnce(container: Pick<Ports, 'logger' | 'db' | 'events'>, userId: string): Promise<boolean> {
  const row = await insertNotificationOnce(container.db, userId, clean(WELCOME));
  if (row) await publish(container, userId, { type: 'notification', id: row.id });
  return !!row;
}

export async function listForUser(container: Pick<Ports, 'db'>, userId: string, page: number) {
  const { items, total } = await listNotifications(container.db, userId, page, NOTIFICATIONS_PAGE_SIZE);
  return { items: items.map(toJson), total, page, page_size: NOTIFICATIONS_PAGE_SIZE };
}

export function unreadCount(container: Pick<Ports, 'db'>, userId: string): Promise<number> {
  return countUnread(container.db, userId);
}

export async function markOneRead(container: Pick<Ports, 'logger' | 'db' | 'events'>, userId: string, id: string): Promise<void> {
  if (!(await markRead(container.db, userId, id))) throw new AppError('NOT_FOUND');
  await publish(container, userId, { type: 'notification', id, read: true });
}

export async function markEveryRead(container: Pick<Ports, 'logger' | 'db' | 'events'>, userId: string): Promise<number> {
  const changed = await markAllRead(container.db, userId);
  if (changed > 0) await publish(container, userId, { type: 'notification', read: true });
  return changed;
}

/** The row is already stored: a lost event only delays the browser until its next refetch. */
async function publish(container: Pick<Ports, 'logger' | 'events'>, userId: string, event: AppEvent) {
  await container.events.publish(userId, event).catch((err) => container.logger.warn({ err, type: event.type }, 'event not published'));
}

function clean(input: NotificationInput): NewNotification {
  return {
    type: input.type.slice(0, 64),
    title: input.title.slice(0, 200),
    body: input.body.slice(0, 2000),
    // Links only ever lead inside the app.
    link: input.link ? sanitizeReturnTarget(input.link) : null,
  };
}

function toJson(row: NotificationRow): NotificationJson {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.read,
    created_at: row.createdAt.toISOString(),
  };
}
