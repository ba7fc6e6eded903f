import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, CreateApiKey, CreatedApiKey } from '@wattle/shared';
import { api } from '@/lib/api-client';

export const API_KEYS_KEY = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_KEY, queryFn: ({ signal }) => api.get<ApiKeyList>('/api/v1/keys', { signal }) });
}

function useRefreshApiKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
}

export function useCreateApiKey() {
  const refresh = useRefreshApiKeys();
  return useMutation({ mutationFn: (body: CreateApiKey) => api.post<CreatedApiKey>('/api/v1/keys', body), onSuccess: refresh });
}

export function useRevokeApiKey() {
  const refresh = useRefreshApiKeys();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(`/api/v1/keys/${encodeURIComponent(id)}`), onSuccess: refresh });
}
