import { describe, expect, it } from 'vitest';
import { inviteCheck } from './invite-check';

const team = {
  members: [{ email: 'Matilda@Example.com.au' }],
  invitations: [{ email: 'ned@example.com.au' }],
};

describe('inviteCheck', () => {
  it('asks for an email address', () => {
    expect(inviteCheck('', team)).toBe('Enter an email address such as name@example.com.au');
    expect(inviteCheck('ned at example', team)).toBe('Enter an email address such as name@example.com.au');
  });

  it('points at the member or the waiting invitation the address already has, whatever its case', () => {
    expect(inviteCheck('matilda@example.com.au', team)).toBe('matilda@example.com.au is already in the team.');
    expect(inviteCheck('NED@example.com.au', team)).toBe('NED@example.com.au already has an invitation waiting: use Resend below.');
  });

  it('lets a new address through', () => {
    expect(inviteCheck('kate@example.com.au', team)).toBeNull();
  });
});
