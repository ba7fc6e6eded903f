/** Dates as the spec writes them (DD/MM/YYYY), on the user's own wall clock. */
export function formatDate(value: string | Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(new Date(value));
}

/** "22/11/2025, 3:05 pm" */
export function formatDateTime(value: string | Date, locale: string, timeZone: string): string {
  const date = new Date(value);
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(date);
  return `${formatDate(date, locale, timeZone)}, ${time}`;
}

/** The header's long date: "Saturday 22 November 2025". */
export function formatLongDate(value: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(value).replace(',', '');
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday"; a week or more shows the date. */
export function timeAgo(value: string | Date, now: Date, locale: string, timeZone: string): string {
  const elapsed = now.getTime() - new Date(value).getTime();
  if (elapsed < 60_000) return 'just now';
  if (elapsed >= 7 * 86_400_000) return formatDate(value, locale, timeZone);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}
