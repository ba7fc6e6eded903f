import { describe, expect, it } from 'vitest';
import { backupCodeSchema, totpCodeSchema } from './two-factor.ts';

describe('two-factor code fields', () => {
  it('takes six digits, with the space authenticator apps show in the middle', () => {
    expect(totpCodeSchema.parse('123456')).toBe('123456');
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['', '12345', '1234567', '12a456']) {
      expect(totpCodeSchema.safeParse(bad).error?.issues[0]?.message).toBe('Enter the 6-digit code from your authenticator app');
    }
  });

  it('takes a backup code as shown, or typed without its dash', () => {
    expect(backupCodeSchema.parse(' a1B2c-3D4e5 ')).toBe('a1B2c-3D4e5');
    expect(backupCodeSchema.parse('a1B2c3D4e5')).toBe('a1B2c-3D4e5');
    expect(backupCodeSchema.safeParse('123456').success).toBe(false);
  });
});
