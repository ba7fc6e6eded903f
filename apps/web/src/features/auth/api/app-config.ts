import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SocialProviderId = 'google' | 'facebook' | 'linkedin';

interface AppConfig {
  socialProviders: SocialProviderId[];
}

/** The server's capabilities (`GET /api/config`): which social providers have credentials. */
export function useAppConfig() {
  return useQuery({ queryKey: ['app-config'], queryFn: () => api.get<AppConfig>('/api/config'), staleTime: Infinity });
}
