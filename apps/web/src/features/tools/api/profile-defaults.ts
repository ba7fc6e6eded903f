import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth/session';
import { api } from '@/lib/api-client';

/** Option fields whose default comes from the account's PDF settings (`GET /api/profile`). */
const PROFILE_DEFAULTS: Record<string, 'preferred_page_size'> = { pageSize: 'preferred_page_size' };

/** The account's defaults for the given option fields; empty for visitors and until the profile loads. */
export function useProfileDefaults(fieldNames: readonly string[]): Record<string, string> {
  const { user } = useSession();
  const wanted = fieldNames.filter((name) => name in PROFILE_DEFAULTS);
  const { data } = useQuery({
    queryKey: ['profile'],
    queryFn: () => api.get<Record<string, unknown>>('/api/profile'),
    enabled: Boolean(user) && wanted.length > 0,
  });
  const defaults: Record<string, string> = {};
  for (const name of wanted) {
    const value = data?.[PROFILE_DEFAULTS[name]!];
    if (typeof value === 'string') defaults[name] = value;
  }
  return defaults;
}
