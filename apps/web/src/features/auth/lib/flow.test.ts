import { describe, expect, it } from 'vitest';
import { callbackWithNext, isFailedVerifyLink, isVerifyEmailState, resetTokenFrom } from './flow.ts';

describe('auth flow helpers', () => {
  it('carries a safe return target to the callback and drops unsafe ones', () => {
    expect(callbackWithNext('')).toBe('/auth/callback');
    expect(callbackWithNext('?next=/dashboard/profile')).toBe('/auth/callback?next=%2Fdashboard%2Fprofile');
    for (const evil of ['//evil.example', '/\\evil.example', 'https://evil.example', '%2F%2Fevil.example']) {
      expect(callbackWithNext(`?next=${encodeURIComponent(evil)}`)).toBe('/auth/callback?next=%2Fdashboard');
    }
  });

  it('reads a reset token only on the update-password route', () => {
    expect(resetTokenFrom('?next=/auth/update-password&token=abc')).toBe('abc');
    expect(resetTokenFrom('?next=/dashboard&token=abc')).toBeNull();
  });

  it('recognises a verification link that came back with an error (used, expired or damaged)', () => {
    expect(isFailedVerifyLink('?link=verify-email&error=LINK_USED')).toBe(true);
    expect(isFailedVerifyLink('?link=verify-email&error=token_expired')).toBe(true);
    expect(isFailedVerifyLink('?link=verify-email')).toBe(false);
    expect(isFailedVerifyLink('?error=INVALID_TOKEN')).toBe(false);
  });

  it('recognises verify-email state', () => {
    expect(isVerifyEmailState({ email: 'a@b.com', kind: 'reset' })).toBe(true);
    expect(isVerifyEmailState({ email: 'a@b.com', kind: 'other' })).toBe(false);
    expect(isVerifyEmailState(null)).toBe(false);
  });
});
