/** Locales the header's control offers; all write dates as DD/MM/YYYY. en-AU is the default. */
export const LOCALES = [
  { id: 'en-AU', label: 'English (Australia)' },
  { id: 'en-NZ', label: 'English (New Zealand)' },
  { id: 'en-GB', label: 'English (United Kingdom)' },
] as const;

export type LocaleId = (typeof LOCALES)[number]['id'];
export const DEFAULT_LOCALE: LocaleId = 'en-AU';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
