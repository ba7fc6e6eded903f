/** The user's wall clock: which time zone dates and greetings are read in. */

/** Hours and minutes of `date` on the wall clock of `timeZone`. */
export function wallClock(date: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const get = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: get('hour') % 24, minute: get('minute') };
}

/** The browser's own time zone, used until the profile says otherwise. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Australia/Sydney';
}

/** A profile's time zone when it is a real one, else the browser's. */
export function effectiveTimeZone(profileTimeZone: string | null | undefined): string {
  if (profileTimeZone) {
    try {
      new Intl.DateTimeFormat('en-AU', { timeZone: profileTimeZone });
      return profileTimeZone;
    } catch {
      // fall through to the browser's
    }
  }
  return browserTimeZone();
}
