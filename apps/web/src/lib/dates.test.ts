import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, timeAgo } from './dates';

describe('dates', () => {
  it('writes DD/MM/YYYY in every offered locale', () => {
    for (const locale of ['en-AU', 'en-NZ', 'en-GB']) expect(formatDate('2025-03-04T02:00:00Z', locale, 'Australia/Sydney')).toBe('04/03/2025');
  });

  it("uses the user's time zone for the calendar day", () => {
    const instant = '2025-03-04T20:00:00Z';
    expect(formatDate(instant, 'en-AU', 'Australia/Perth')).toBe('05/03/2025');
    expect(formatDate(instant, 'en-AU', 'Europe/London')).toBe('04/03/2025');
  });

  it('adds the time in 12-hour form', () => {
    expect(formatDateTime('2025-03-04T04:05:00Z', 'en-AU', 'Australia/Brisbane')).toBe('04/03/2025, 2:05 pm');
  });

  it('writes the long date without a comma', () => {
    expect(formatLongDate(new Date('2025-11-22T01:00:00Z'), 'en-AU', 'Australia/Sydney')).toBe('Saturday 22 November 2025');
  });

  it('says how long ago, then the date after a week', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(timeAgo('2025-03-10T11:59:30Z', now, 'en-AU', 'UTC')).toBe('just now');
    expect(timeAgo('2025-03-10T11:55:00Z', now, 'en-AU', 'UTC')).toBe('5 minutes ago');
    expect(timeAgo('2025-03-10T09:00:00Z', now, 'en-AU', 'UTC')).toBe('3 hours ago');
    expect(timeAgo('2025-03-09T11:00:00Z', now, 'en-AU', 'UTC')).toBe('yesterday');
    expect(timeAgo('2025-03-01T11:00:00Z', now, 'en-AU', 'UTC')).toBe('01/03/2025');
  });
});
