import { z } from 'zod';
import { PLAN_LIMITS, TEAM_STORAGE_BYTES } from './limits.ts';

/** The spec's validation rules (section 5), shared by the browser forms and the server. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters long', message: 'Password must be at least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'upper', label: 'Contains at least one uppercase letter', message: 'Password must contain at least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'Contains at least one lowercase letter', message: 'Password must contain at least one lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', label: 'Contains at least one number', message: 'Password must contain at least one number', test: (p: string) => /[0-9]/.test(p) },
  { id: 'special', label: 'Contains at least one special character', message: 'Password must contain at least one special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export const PASSWORD_MAX_LENGTH = 128;

/** Share of the five rules met, 0–100, and the bar colour at the spec's 33% / 66% thresholds. */
export function passwordStrength(password: string): { percent: number; level: 'weak' | 'medium' | 'strong' } {
  const met = PASSWORD_RULES.filter((r) => r.test(password)).length;
  const percent = (met / PASSWORD_RULES.length) * 100;
  return { percent, level: percent <= 33 ? 'weak' : percent <= 66 ? 'medium' : 'strong' };
}

const email = (message: string) => z.string().trim().max(254, message).pipe(z.email({ message }));

export const passwordSchema = PASSWORD_RULES.reduce<z.ZodString>(
  (schema, rule) => schema.refine(rule.test, { message: rule.message }) as unknown as z.ZodString,
  z.string().max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
);

export const loginSchema = z.object({
  email: email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional(),
});

export const signupSchema = z
  .object({
    fullName: z.string().trim().min(2, 'Full name must be at least 2 characters').max(100, 'Full name must be at most 100 characters'),
    email: email('Please enter a valid email address'),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const emailOnlySchema = z.object({ email: email('Please enter a valid email address') });

export const updatePasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const profileSchema = z.object({
  first_name: z.string().trim().min(2, 'First name must be at least 2 characters').max(100),
  last_name: z.string().trim().min(2, 'Last name must be at least 2 characters').max(100),
  email: email('Invalid email address'),
  company_name: z.string().trim().max(200).optional().or(z.literal('')),
  phone_number: z.string().trim().max(40).optional().or(z.literal('')),
});

export const PDF_VIEWER_MODES = ['continuous', 'single'] as const;
export const EXPORT_QUALITIES = ['low', 'medium', 'high'] as const;
export const PAGE_SIZES = ['A4', 'Letter', 'Legal'] as const;
export const AUTO_SAVE_OPTIONS = [0, 1, 5, 15, 30] as const;

export const settingsSchema = z
  .object({
    pdf_viewer_mode: z.enum(PDF_VIEWER_MODES),
    pdf_export_quality: z.enum(EXPORT_QUALITIES),
    preferred_page_size: z.enum(PAGE_SIZES),
    auto_save_frequency: z.union(AUTO_SAVE_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]),
    remove_active_content: z.boolean(),
  })
  .partial();

/** Splits a signup full name into the profile's first and last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  const firstName = parts.shift() ?? '';
  return { firstName, lastName: parts.join(' ') };
}

// The spec's names for figures of the limits table.
export const MAX_PDF_SIZE = PLAN_LIMITS.free.documentBytes;
export const DEFAULT_STORAGE_LIMIT = PLAN_LIMITS.free.storageBytes;
export const TEAM_STORAGE_LIMIT = TEAM_STORAGE_BYTES;
export const DOCUMENTS_PAGE_SIZE = 10;
