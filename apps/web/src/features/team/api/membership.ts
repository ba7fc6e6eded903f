import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '@wattle/shared';
import { authClient } from '@/features/auth/auth-client';
import { ApiError, isApiError } from '@/lib/api-client';
import { orgCall } from './org-call';
import { useEnterSpace } from './spaces';

/** An invitation addressed to the signed-in person, as better-auth lists it. */
export interface MyInvitation {
  id: string;
  organizationId: string;
  organizationName: string;
  role: TeamRole;
  expiresAt: string | Date;
}

/** One invitation with its team and inviter (only its addressee may read it). */
export interface InvitationDetails extends MyInvitation {
  email: string;
  inviterEmail: string;
}

export const MY_INVITATIONS_KEY = ['team-invitations', 'mine'] as const;

/** Pending, unexpired invitations to the signed-in person's address. */
export function useMyInvitations() {
  return useQuery({
    queryKey: MY_INVITATIONS_KEY,
    queryFn: async () => {
      const list = await orgCall(() => authClient.organization.listUserInvitations());
      const now = Date.now();
      return (list as unknown as MyInvitation[]).filter((invitation) => new Date(invitation.expiresAt).getTime() > now);
    },
  });
}

export function useInvitation(invitationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['team-invitations', invitationId],
    queryFn: async () => (await orgCall(() => authClient.organization.getInvitation({ query: { id: invitationId } }))) as unknown as InvitationDetails,
    enabled,
    retry: false,
  });
}

/** A taken short name (TEAM_SLUG_TAKEN) is said under its field. */
export async function sayingTakenShortName<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isApiError(error) || error.code !== 'TEAM_SLUG_TAKEN') throw error;
    throw new ApiError({ code: 'VALIDATION_FAILED', status: 400, message: error.message, details: { fieldErrors: { slug: [error.message] } } });
  }
}

/** Creates a team (the creator is its owner) and works in it at once. */
export function useCreateTeam() {
  const enter = useEnterSpace();
  return useMutation({
    mutationFn: async (body: { name: string; slug: string }) => {
      const team = await sayingTakenShortName(() => orgCall(() => authClient.organization.create(body)));
      await enter(team.id);
      return team;
    },
  });
}

/** Joins the team, switches to it and opens its My Documents. */
export function useAcceptInvitation() {
  const enter = useEnterSpace();
  return useMutation({
    mutationFn: async ({ id, organizationId }: Pick<MyInvitation, 'id' | 'organizationId'>) => {
      await orgCall(() => authClient.organization.acceptInvitation({ invitationId: id }));
      await enter(organizationId, '/dashboard/documents');
    },
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => orgCall(() => authClient.organization.rejectInvitation({ invitationId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_INVITATIONS_KEY }),
  });
}

/** Leaving or deleting the active team puts the person back in Personal, on the Team page. */
export function useLeaveTeam() {
  const enter = useEnterSpace();
  return useMutation({
    mutationFn: async (organizationId: string) => {
      await orgCall(() => authClient.organization.leave({ organizationId }));
      await enter(null, '/dashboard/team');
    },
  });
}

export function useDeleteTeam() {
  const enter = useEnterSpace();
  return useMutation({
    mutationFn: async (organizationId: string) => {
      await orgCall(() => authClient.organization.delete({ organizationId }));
      await enter(null, '/dashboard/team');
    },
  });
}
