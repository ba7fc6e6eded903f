import { describe, expect, it } from 'vitest';
import { emailOnlySchema, loginSchema, passwordStrength, PASSWORD_RULES, signupSchema, updatePasswordSchema } from '@wattle/shared/validation';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('auth form rules (spec section 5)', () => {
  it('login: a valid email and any password', () => {
    expect(messages(loginSchema.safeParse({ email: 'nope', password: '' }))).toEqual([
      'email: Please enter a valid email address',
      'password: Password is required',
    ]);
    expect(loginSchema.safeParse({ email: 'kylie@example.com.au', password: 'x', rememberMe: true }).success).toBe(true);
  });

  it('signup: name, email, the five password rules and a matching confirmation', () => {
    expect(messages(signupSchema.safeParse({ fullName: 'A', email: 'a@b.com', password: 'abc', confirmPassword: 'abd' }))).toEqual([
      'fullName: Full name must be at least 2 characters',
      'password: Password must be at least 8 characters',
      'password: Password must contain at least one uppercase letter',
      'password: Password must contain at least one number',
      'password: Password must contain at least one special character',
      "confirmPassword: Passwords don't match",
    ]);
    expect(messages(signupSchema.safeParse({ fullName: 'Jo Lee', email: 'jo@example.com', password: 'ABCDEFG1!', confirmPassword: 'ABCDEFG1!' }))).toEqual([
      'password: Password must contain at least one lowercase letter',
    ]);
    expect(signupSchema.safeParse({ fullName: 'Jo Lee', email: 'jo@example.com', password: 'Wattle#Gold1', confirmPassword: 'Wattle#Gold1' }).success).toBe(true);
  });

  it('magic link and reset: a valid email', () => {
    expect(messages(emailOnlySchema.safeParse({ email: 'x@' }))).toEqual(['email: Please enter a valid email address']);
  });

  it('update password: the same rules and a matching confirmation', () => {
    expect(messages(updatePasswordSchema.safeParse({ password: 'Wattle#Gold1', confirmPassword: 'Wattle#Gold2' }))).toEqual(["confirmPassword: Passwords don't match"]);
  });

  it('strength: share of the five rules, red up to 33%, yellow up to 66%, green above', () => {
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual([
      'At least 8 characters long',
      'Contains at least one uppercase letter',
      'Contains at least one lowercase letter',
      'Contains at least one number',
      'Contains at least one special character',
    ]);
    expect(passwordStrength('')).toEqual({ percent: 0, level: 'weak' });
    expect(passwordStrength('a')).toEqual({ percent: 20, level: 'weak' });
    expect(passwordStrength('aB')).toEqual({ percent: 40, level: 'medium' });
    expect(passwordStrength('aB1')).toEqual({ percent: 60, level: 'medium' });
    expect(passwordStrength('aB1!')).toEqual({ percent: 80, level: 'strong' });
    expect(passwordStrength('aB1!aaaa')).toEqual({ percent: 100, level: 'strong' });
  });
});
