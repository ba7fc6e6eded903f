import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Spaces } from '@wattle/shared';
import { api } from '@/lib/api-client';
import { pageAfterSwitch } from '../lib/space-switch';
import { orgCall } from './org-call';
import { authClient } from '@/features/auth/auth-client';

export const SPACES_KEY = ['spaces'] as const;

/** Where requests act now (Personal or a team, with the caller's role) and every team the person is in. */
export function useSpaces() {
  return useQuery({ queryKey: SPACES_KEY, queryFn: ({ signal }) => api.get<Spaces>('/api/v1/spaces', { signal }) });
}

/** The active team's summary, or null in the personal space (and while loading). */
export function useActiveTeam() {
  const { data } = useSpaces();
  return data?.active.kind === 'team' ? data.active.team : null;
}

/**
 * Makes a team (or Personal, with null) the session's active space. Every cached answer belonged to
 * the old space, so all of them are re-read, after moving to `to` if given; a page showing one
 * document goes to My Documents.
 */
export function useEnterSpace() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return async (organizationId: string | null, to?: string) => {
    await orgCall(() => authClient.organization.setActive({ organizationId }));
    const away = to ?? pageAfterSwitch(pathname);
    if (away) await navigate(away);
    await queryClient.invalidateQueries();
  };
}

export function useSwitchSpace() {
  const enter = useEnterSpace();
  return useMutation({ mutationFn: (organizationId: string | null) => enter(organizationId) });
}
