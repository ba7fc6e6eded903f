import { describe, expect, it } from 'vitest';
import { chooseGreeting, dayRoll, greetingLine, RANDOM_GREETINGS, timeGreeting } from './greeting';

const at = (iso: string) => new Date(iso);

describe('timeGreeting', () => {
  it('switches at 12:00 and 17:00 on the wall clock', () => {
    // Brisbane has no daylight saving: UTC+10 all year.
    const tz = 'Australia/Brisbane';
    expect(timeGreeting(at('2025-03-10T01:59:59+10:00'), tz)).toBe('Good morning');
    expect(timeGreeting(at('2025-03-10T11:59:59+10:00'), tz)).toBe('Good morning');
    expect(timeGreeting(at('2025-03-10T12:00:00+10:00'), tz)).toBe('Good arvo');
    expect(timeGreeting(at('2025-03-10T16:59:59+10:00'), tz)).toBe('Good arvo');
    expect(timeGreeting(at('2025-03-10T17:00:00+10:00'), tz)).toBe('Good evening');
    expect(timeGreeting(at('2025-03-10T23:59:59+10:00'), tz)).toBe('Good evening');
    expect(timeGreeting(at('2025-03-10T00:00:00+10:00'), tz)).toBe('Good morning');
  });

  it("uses the user's time zone, not the machine's", () => {
    const instant = at('2025-01-15T03:30:00Z');
    expect(timeGreeting(instant, 'Australia/Perth')).toBe('Good morning'); // 11:30
    expect(timeGreeting(instant, 'Australia/Sydney')).toBe('Good arvo'); // 14:30 (daylight saving)
    expect(timeGreeting(instant, 'Pacific/Auckland')).toBe('Good arvo'); // 16:30
    expect(timeGreeting(at('2025-01-15T04:00:00Z'), 'Pacific/Auckland')).toBe('Good evening'); // 17:00
  });

  it('follows daylight saving changes', () => {
    // Sydney: 11:59 in winter (UTC+10) is 01:59Z; the same UTC instant in summer (UTC+11) is 12:59.
    expect(timeGreeting(at('2025-07-01T01:59:00Z'), 'Australia/Sydney')).toBe('Good morning');
    expect(timeGreeting(at('2025-01-01T01:59:00Z'), 'Australia/Sydney')).toBe('Good arvo');
  });
});

describe('chooseGreeting', () => {
  it('picks each of the three phrases or the time variant', () => {
    const noon = at('2025-03-10T12:30:00+10:00');
    expect(chooseGreeting(noon, 'Australia/Brisbane', 0)).toBe(RANDOM_GREETINGS[0]);
    expect(chooseGreeting(noon, 'Australia/Brisbane', 0.3)).toBe('Welcome back');
    expect(chooseGreeting(noon, 'Australia/Brisbane', 0.6)).toBe('Cheers');
    expect(chooseGreeting(noon, 'Australia/Brisbane', 0.99)).toBe('Good arvo');
  });
});

describe('greetingLine', () => {
  it('adds the first name when there is one', () => {
    expect(greetingLine("G'day mate", 'Matilda')).toBe("G'day mate, Matilda");
    expect(greetingLine('Cheers', '  ')).toBe('Cheers');
    expect(greetingLine('Good evening', null)).toBe('Good evening');
  });
});

describe('dayRoll', () => {
  it('stays the same all day on the wall clock, so the greeting does not change on every page load', () => {
    const tz = 'Australia/Brisbane';
    const roll = dayRoll(at('2025-03-10T00:00:01+10:00'), tz);
    expect(dayRoll(at('2025-03-10T09:15:00+10:00'), tz)).toBe(roll);
    expect(dayRoll(at('2025-03-10T23:59:59+10:00'), tz)).toBe(roll);
    expect(roll).toBeGreaterThanOrEqual(0);
    expect(roll).toBeLessThan(1);
  });

  it('follows the day in the user\'s time zone', () => {
    // 23:30 in Perth is already the next day in Sydney.
    const instant = at('2025-03-10T15:30:00Z');
    expect(dayRoll(instant, 'Australia/Sydney')).toBe(dayRoll(at('2025-03-11T12:00:00+11:00'), 'Australia/Sydney'));
    expect(dayRoll(instant, 'Australia/Perth')).toBe(dayRoll(at('2025-03-10T12:00:00+08:00'), 'Australia/Perth'));
  });

  it('picks every greeting over a month of days', () => {
    const seen = new Set(Array.from({ length: 31 }, (_, day) => chooseGreeting(at(`2025-01-${String(day + 1).padStart(2, '0')}T09:00:00+10:00`), 'Australia/Brisbane', dayRoll(at(`2025-01-${String(day + 1).padStart(2, '0')}T09:00:00+10:00`), 'Australia/Brisbane'))));
    expect(seen).toEqual(new Set([...RANDOM_GREETINGS, 'Good morning']));
  });
});
