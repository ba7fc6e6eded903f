import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@wattle/shared';
import { useSession } from '@/features/auth/session';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/time-zone';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** The browser's time zone goes along: the server starts a new account's time zone from it, once. */
export function fetchProfile(): Promise<Profile> {
  return api.get<Profile>('/api/profile', { query: { time_zone: browserTimeZone() } });
}

/** The signed-in user's profile; read only while a session exists (spec section 7). */
export function useProfile() {
  const { user } = useSession();
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile, enabled: Boolean(user) });
}

/**
 * `PATCH /api/profile` with only the fields given. The cache takes the server's answer at once, so
 * the sidebar, header and settings show the saved values without a refetch.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api.patch<Profile>('/api/profile', update),
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}

export function fullName(profile: Pick<Profile, 'first_name' | 'last_name'> | undefined): string {
  return [profile?.first_name, profile?.last_name].filter((part) => part?.trim()).join(' ');
}

export function initials(profile: Pick<Profile, 'first_name' | 'last_name'> | undefined, fallback = ''): string {
  const letters = [profile?.first_name, profile?.last_name].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || fallback.trim()[0] || 'U').toUpperCase();
}
