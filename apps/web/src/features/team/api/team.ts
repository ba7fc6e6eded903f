import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Team, TeamActivityPage, TeamRole, TransferTeam } from '@wattle/shared';
import { authClient } from '@/features/auth/auth-client';
import { api } from '@/lib/api-client';
import { sayingTakenShortName } from './membership';
import { SPACES_KEY } from './spaces';
import { orgCall } from './org-call';

export const TEAM_KEY = ['team'] as const;
export const ACTIVITY_PAGE_SIZE = 20;

/** The active team with its members and pending invitations (only asked for in a team space). */
export function useTeam(enabled: boolean) {
  return useQuery({ queryKey: TEAM_KEY, queryFn: ({ signal }) => api.get<Team>('/api/v1/team', { signal }), enabled });
}

export function useTeamActivity(page: number) {
  return useQuery({
    queryKey: [...TEAM_KEY, 'activity', page],
    queryFn: ({ signal }) => api.get<TeamActivityPage>('/api/v1/team/activity', { query: { page, pageSize: ACTIVITY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change to the team: its page and the switcher (names, roles) are re-read. */
function useTeamMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: TEAM_KEY }), queryClient.invalidateQueries({ queryKey: SPACES_KEY })]),
  });
}

export const useInviteMember = () =>
  useTeamMutation((body: { email: string; role: TeamRole; resend?: boolean }) => orgCall(() => authClient.organization.inviteMember(body)));

export const useRevokeInvitation = () => useTeamMutation((invitationId: string) => orgCall(() => authClient.organization.cancelInvitation({ invitationId })));

export const useChangeRole = () =>
  useTeamMutation(({ memberId, role }: { memberId: string; role: TeamRole }) => orgCall(() => authClient.organization.updateMemberRole({ memberId, role })));

export const useRemoveMember = () => useTeamMutation((memberId: string) => orgCall(() => authClient.organization.removeMember({ memberIdOrEmail: memberId })));

/** A new name, and a new short name if one is given (a taken one is said under its field). */
export const useRenameTeam = () => useTeamMutation((data: { name: string; slug?: string }) => sayingTakenShortName(() => orgCall(() => authClient.organization.update({ data }))));

export const useTransferTeam = () => useTeamMutation((body: TransferTeam) => api.post<void>('/api/v1/team/transfer', body));
