import { DEFAULT_LOCALE } from '@wattle/shared';
import { effectiveTimeZone } from '@/lib/time-zone';
import { useProfile } from '../api/profile';

/** The locale and time zone dates are written in: the profile's, else en-AU and the browser's zone. */
export function usePreferences(): { locale: string; timeZone: string } {
  const { data: profile } = useProfile();
  return { locale: profile?.locale ?? DEFAULT_LOCALE, timeZone: effectiveTimeZone(profile?.time_zone) };
}
