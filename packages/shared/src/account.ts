import { z } from 'zod';
import { profileSchema, settingsSchema } from './validation.ts';

/** Locales the header's control offers; all write dates as DD/MM/YYYY. en-AU is the default. */
export const LOCALES = [
  { id: 'en-AU', label: 'English (Australia)' },
  { id: 'en-NZ', label: 'English (New Zealand)' },
  { id: 'en-GB', label: 'English (United Kingdom)' },
] as const;

export type LocaleId = (typeof LOCALES)[number]['id'];
export const DEFAULT_LOCALE: LocaleId = 'en-AU';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The body of `PATCH /api/profile`: any of the profile form's fields, the PDF settings, the locale and
 * the time zone. Only the fields sent are changed.
 */
export const profileUpdateSchema = profileSchema
  .partial()
  .extend(settingsSchema.shape)
  .extend({
    locale: z.enum(LOCALES.map((l) => l.id) as [LocaleId, ...LocaleId[]]).optional(),
    time_zone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  })
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;

export const supportTicketSchema = z.object({
  subject: z.string().trim().min(3, 'Subject must be at least 3 characters').max(SUPPORT_SUBJECT_MAX, `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(SUPPORT_MESSAGE_MAX, `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`),
});

export type SupportTicketInput = z.infer<typeof supportTicketSchema>;
