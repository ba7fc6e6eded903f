import { useProfile } from '@/features/account/api/profile';
import type { Profile } from '@wattle/shared';

/** Option fields whose default comes from the account's PDF settings (`GET /api/profile`). */
const PROFILE_DEFAULTS: Partial<Record<string, keyof Profile>> = { pageSize: 'preferred_page_size' };

/** The account's defaults for the given option fields; empty for visitors and until the profile loads. */
export function useProfileDefaults(fieldNames: readonly string[]): Record<string, string> {
  const { data: profile } = useProfile();
  const defaults: Record<string, string> = {};
  for (const name of fieldNames) {
    const key = PROFILE_DEFAULTS[name];
    const value = key && profile?.[key];
    if (typeof value === 'string') defaults[name] = value;
  }
  return defaults;
}
