import { TEAM_INVITATION_DAYS } from '@wattle/shared';
import { isApiError } from '@/lib/api-client';

/**
 * Why an invitation cannot be used, in the person's terms. The server answers an invitation for another
 * address with 403 and one that is missing, used or expired with 400 or 404; anything else is shown as said.
 */
export function invitationProblem(error: Error, signedInAs: string): { title: string; detail: string } {
  const status = isApiError(error) ? error.status : 0;
  if (status === 403) {
    return {
      title: 'This invitation is for another email address',
      detail: `You are signed in as ${signedInAs}. Sign in with the address the invitation was sent to, or ask the team to invite this one.`,
    };
  }
  if (status === 400 || status === 404) {
    return {
      title: 'This invitation has expired or has already been used',
      detail: `Invitations work once, for ${TEAM_INVITATION_DAYS} days. Ask the team for a new one.`,
    };
  }
  return { title: error.message, detail: 'Try again in a moment.' };
}
