import { wallClock } from '@/lib/time-zone';

/**
 * The header greeting (spec: dashboard shell). One of three friendly phrases or the time of day in the
 * user's own time zone, with the spec's boundaries: morning before 12:00, arvo before 17:00.
 */
export const RANDOM_GREETINGS = ["G'day mate", 'Welcome back', 'Cheers'] as const;
export type TimeGreeting = 'Good morning' | 'Good arvo' | 'Good evening';
export type Greeting = (typeof RANDOM_GREETINGS)[number] | TimeGreeting;

export function timeGreeting(date: Date, timeZone: string): TimeGreeting {
  const { hour } = wallClock(date, timeZone);
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good arvo';
  return 'Good evening';
}

/**
 * A number in [0, 1) fixed for the calendar day in the user's time zone: the greeting is chosen once a
 * day, not on every page load. The date is hashed (FNV-1a, then mixed) so neighbouring days differ.
 */
export function dayRoll(date: Date, timeZone: string): number {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  let hash = 0x811c9dc5;
  for (const ch of day) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
  // FNV-1a barely moves the high bits for dates a day apart: MurmurHash3's finaliser spreads them.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) / 2 ** 32;
}

/** `random` in [0, 1): the three phrases and the time variant are equally likely. */
export function chooseGreeting(date: Date, timeZone: string, random: number): Greeting {
  const index = Math.min(Math.floor(random * (RANDOM_GREETINGS.length + 1)), RANDOM_GREETINGS.length);
  return RANDOM_GREETINGS[index] ?? timeGreeting(date, timeZone);
}

export function greetingLine(greeting: Greeting, firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `${greeting}, ${name}` : greeting;
}
