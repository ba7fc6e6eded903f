import { describe, expect, it } from 'vitest';
import { expiryText, formatCountdown, isExpired } from './countdown';

describe('formatCountdown', () => {
  it.each([
    [59 * 60_000 + 12_000, '59:12'],
    [60 * 60_000, '1:00:00'],
    [24 * 3600_000 - 1000, '23:59:59'],
    [65_000, '1:05'],
    [9_000, '0:09'],
    [1, '0:01'],
    [0, '0:00'],
    [-5000, '0:00'],
  ])('%d ms reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('rounds part seconds up so it never shows 0:00 while the file still exists', () => {
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(59_999)).toBe('1:00');
  });
});

describe('expiryText', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');

  it('counts down to the expiry time', () => {
    expect(expiryText('2026-03-01T10:59:12Z', now)).toBe('Deleted automatically in 59:12');
    expect(expiryText(new Date(now + 3 * 3600_000), now)).toBe('Deleted automatically in 3:00:00');
  });

  it('says the file is gone once the time has passed', () => {
    expect(expiryText('2026-03-01T09:59:59Z', now)).toBe('Deleted automatically');
    expect(isExpired('2026-03-01T10:00:00Z', now)).toBe(true);
    expect(isExpired('2026-03-01T10:00:01Z', now)).toBe(false);
    expect(isExpired('not a date', now)).toBe(true);
  });
});
