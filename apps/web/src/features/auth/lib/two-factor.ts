import { z } from 'zod';

/** Where sign-in continues when the account asks for a second step (the server sends links here too). */
export const TWO_FACTOR_PATH = '/auth/two-factor';

/** Authenticator apps show six digits, often as "123 456": spaces are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** Backup codes read like "a1B2c-3D4e5"; pasted ones may carry spaces around them. */
export const backupCodeSchema = z
  .string()
  .trim()
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'Enter one of your backup codes, like a1B2c-3D4e5'))
  .transform((value) => (value.includes('-') ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

export type SecondStep = 'totp' | 'backup';
