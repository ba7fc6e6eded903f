import { emailOnlySchema, passwordSchema } from '@wattle/shared/validation';
import { z } from 'zod';
import { SECURITY_MESSAGES } from './security-errors';

/** Change password: the current one, then a new one with the sign-up rules, typed twice. */
export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'Enter your current password'), password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** Change email: a valid address that is not the current one. */
export const changeEmailSchema = (currentEmail: string) =>
  emailOnlySchema.refine((v) => v.email.toLowerCase() !== currentEmail.toLowerCase(), { message: SECURITY_MESSAGES.sameEmail, path: ['email'] });
