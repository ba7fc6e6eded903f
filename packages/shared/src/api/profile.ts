import { z } from 'zod';
import { isTimeZone, LOCALES, type LocaleId } from '../account.ts';
import { AUTO_SAVE_OPTIONS, EXPORT_QUALITIES, PAGE_SIZES, PDF_VIEWER_MODES, profileSchema, settingsSchema } from '../validation.ts';
import { timestamp } from './components.ts';

/** `GET/PATCH /api/profile`: the spec's snake_case profile (section 3), plus locale, time zone and last sign-in. */
export const profileResponseSchema = z.strictObject({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  pdf_viewer_mode: z.enum(PDF_VIEWER_MODES),
  pdf_export_quality: z.enum(EXPORT_QUALITIES),
  preferred_page_size: z.enum(PAGE_SIZES),
  auto_save_frequency: z.union(AUTO_SAVE_OPTIONS.map((n) => z.literal(n))),
  remove_active_content: z.boolean(),
  time_zone: z.string(),
  locale: z.string(),
  last_login_at: timestamp().nullable(),
});

export type Profile = z.infer<typeof profileResponseSchema>;

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

/** The two marks a person can save for signing: a full signature and their initials. */
export const SIGNATURE_KINDS = ['signature', 'initials'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

const savedSignatureSchema = z.strictObject({ updated_at: timestamp() }).nullable();

/** `GET /api/profile/signatures` (and the answer of a PUT): which marks are saved, and when. */
export const savedSignaturesSchema = z.strictObject({ signature: savedSignatureSchema, initials: savedSignatureSchema });

export type SavedSignatures = z.infer<typeof savedSignaturesSchema>;
