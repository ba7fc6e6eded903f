import { z } from 'zod';
import { timestamp } from './components.ts';

export const notificationSchema = z.strictObject({
  id: z.uuid(),
  /** A short machine name: 'welcome', 'job.finished', … */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** Where the notification leads: an in-app path. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: timestamp(),
});

export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: one page, newest first. */
export const notificationPageSchema = z.strictObject({
  items: z.array(notificationSchema),
  total: z.int().nonnegative(),
  page: z.int().positive(),
  page_size: z.int().positive(),
});

export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `GET /api/notifications/unread-count`: the bell's badge. */
export const unreadCountSchema = z.strictObject({ count: z.int().nonnegative() });

/** `POST /api/notifications/read-all`: how many were unread. */
export const markedReadSchema = z.strictObject({ updated: z.int().nonnegative() });
