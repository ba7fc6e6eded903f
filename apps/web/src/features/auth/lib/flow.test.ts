import { describe, expect, it } from 'vitest';
import { callbackWithNext, isFailedVerifyLink, isVerifyEmailState, magicLinkCallback, resetTokenFrom } from './flow.ts';

describe('auth flow helpers', () => {
  it('carries a safe return target to the callback and drops unsafe ones', () => {
    expect(callbackWithNext('')).toBe('/auth/callback');
    expect(callbackWithNext('?next=/dashboard/profile')).toBe('/auth/callback?next=%2Fdashboard%2Fprofile');
    for (const evil of ['//evil.example', '/\\evil.example', 'https://evil.example', '%2F%2Fevil.example']) {
      expect(callbackWithNext(`?next=${encodeURIComponent(evil)}`)).toBe('/auth/callback?next=%2Fdashboard');
    }
  });

  it('encodes a magic link\'s return target twice, as better-auth decodes the link\'s callback once more before it checks it', () => {
    expect(magicLinkCallback('')).toBe('/auth/callback');
    const callback = magicLinkCallback(`?next=${encodeURIComponent('/dashboard/settings?tab=security')}`);
    // What better-auth checks and redirects to: one "?" only, and `next` still whole.
    const landing = decodeURIComponent(callback);
    expect(landing).toBe('/auth/callback?next=%2Fdashboard%2Fsettings%3Ftab%3Dsecurity');
    expect(new URLSearchParams(landing.split('?')[1]).get('next')).toBe('/dashboard/settings?tab=security');
    expect(decodeURIComponent(magicLinkCallback('?next=//evil.example'))).toBe('/auth/callback?next=%2Fdashboard');
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
