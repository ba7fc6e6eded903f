import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@wattle/shared';
import { api } from '@/lib/api-client';

/** The server's capabilities (`GET /api/config`): which social providers have credentials. */
export function useAppConfig() {
  return useQuery({ queryKey: ['app-config'], queryFn: () => api.get<AppConfig>('/api/config'), staleTime: Infinity });
}
