import { describe, expect, it } from 'vitest';
import { effectiveTimeZone, wallClock } from './time-zone';

describe('wallClock', () => {
  it('reads midnight as hour 0', () => {
    expect(wallClock(new Date('2025-03-10T00:00:00+10:00'), 'Australia/Brisbane')).toEqual({ hour: 0, minute: 0 });
  });
});

describe('effectiveTimeZone', () => {
  it("keeps a valid profile time zone and falls back to the browser's", () => {
    expect(effectiveTimeZone('Australia/Darwin')).toBe('Australia/Darwin');
    expect(effectiveTimeZone('Not/AZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(effectiveTimeZone(undefined)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
