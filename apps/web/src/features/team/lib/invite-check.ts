import type { Team } from '@wattle/shared';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What is wrong with inviting this address, or null. An address already in the team or already invited
 * is caught here, since the server's refusal of those does not say which it was.
 */
export function inviteCheck(email: string, team: { members: Pick<Team['members'][number], 'email'>[]; invitations: Pick<Team['invitations'][number], 'email'>[] }): string | null {
  if (!EMAIL.test(email)) return 'Enter an email address such as name@example.com.au';
  const same = (other: { email: string }) => other.email.toLowerCase() === email.toLowerCase();
  if (team.members.some(same)) return `${email} is already in the team.`;
  if (team.invitations.some(same)) return `${email} already has an invitation waiting: use Resend below.`;
  return null;
}
