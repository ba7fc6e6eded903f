import { TEAM_INVITATION_DAYS } from '@wattle/shared';
import { isApiError } from '@/lib/api-client';

/**
 * Why an invitation cannot be used, in the person's terms: one for another address
 * (INVITATION_FOR_ANOTHER_ADDRESS), or one missing, revoked, used or expired (INVITATION_UNUSABLE,
 * NOT_FOUND); anything else is shown as said.
 */
export function invitationProblem(error: Error, signedInAs: string): { title: string; detail: string } {
  const code = isApiError(error) ? error.code : '';
  if (code === 'INVITATION_FOR_ANOTHER_ADDRESS') {
    return {
      title: 'This invitation is for another email address',
      detail: `You are signed in as ${signedInAs}. Sign in with the address the invitation was sent to, or ask the team to invite this one.`,
    };
  }
  if (code === 'INVITATION_UNUSABLE' || code === 'NOT_FOUND') {
    return {
      title: 'This invitation has expired or has already been used',
      detail: `Invitations work once, for ${TEAM_INVITATION_DAYS} days. Ask the team for a new one.`,
    };
  }
  return { title: error.message, detail: 'Try again in a moment.' };
}
