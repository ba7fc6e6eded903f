import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '@/features/auth/auth-client';

/** A signed-in device, as better-auth's list-sessions returns it. */
export interface DeviceSession {
  id: string;
  token: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export const SESSIONS_QUERY_KEY = ['account-sessions'] as const;

/** Throws better-auth's error (its code readable by readAuthError), or returns the data. */
async function unwrap<T>(request: Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await request;
  if (error) throw error;
  return data as T;
}

export function useDeviceSessions() {
  return useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: () => unwrap<DeviceSession[]>(authClient.listSessions()) });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(authClient.revokeSession({ token })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(authClient.revokeOtherSessions()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
