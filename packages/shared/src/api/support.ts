import { z } from 'zod';
import { timestamp } from './components.ts';

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;

/** The body of `POST /api/support/tickets`. */
export const supportTicketSchema = z.object({
  subject: z.string().trim().min(3, 'Subject must be at least 3 characters').max(SUPPORT_SUBJECT_MAX, `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(SUPPORT_MESSAGE_MAX, `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`),
});

export type SupportTicketInput = z.infer<typeof supportTicketSchema>;

/** A filed ticket: the reference the user quotes when they write again. */
export const filedSupportTicketSchema = z.strictObject({
  id: z.uuid(),
  reference: z.string(),
  subject: z.string(),
  created_at: timestamp(),
});

export type SupportTicket = z.infer<typeof filedSupportTicketSchema>;
