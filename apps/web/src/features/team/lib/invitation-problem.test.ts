import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { invitationProblem } from './invitation-problem';

const refusal = (status: number, code: string, message = 'The request is not valid.') => new ApiError({ status, code, message });

describe('invitationProblem', () => {
  it('says an invitation for another address is for another address, naming the signed-in one', () => {
    expect(invitationProblem(refusal(403, 'INVITATION_FOR_ANOTHER_ADDRESS'), 'ned@example.com.au')).toEqual({
      title: 'This invitation is for another email address',
      detail: 'You are signed in as ned@example.com.au. Sign in with the address the invitation was sent to, or ask the team to invite this one.',
    });
  });

  it('says a missing, used or expired invitation no longer works', () => {
    for (const error of [refusal(404, 'INVITATION_UNUSABLE'), refusal(404, 'NOT_FOUND')]) {
      expect(invitationProblem(error, 'ned@example.com.au')).toEqual({
        title: 'This invitation has expired or has already been used',
        detail: 'Invitations work once, for 7 days. Ask the team for a new one.',
      });
    }
  });

  it('shows anything else as the server said it', () => {
    expect(invitationProblem(refusal(0, 'NETWORK_ERROR', 'Could not reach the server.'), 'a@b.au')).toEqual({
      title: 'Could not reach the server.',
      detail: 'Try again in a moment.',
    });
  });
});
