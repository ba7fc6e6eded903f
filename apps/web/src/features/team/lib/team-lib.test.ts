import { describe, expect, it } from 'vitest';
import { TEAM_ACTIVITY_ACTIONS, type TeamMember } from '@wattle/shared';
import { activityLine } from './activity';
import { assignableRoles, mayManage, ROLE_IN_SENTENCE, ROLE_LABEL } from './roles';
import { pageAfterSwitch } from './space-switch';

describe('activityLine', () => {
  it('says who did what to what, for every action the server records', () => {
    expect(activityLine({ actor: 'Matilda Jones', action: 'document.uploaded', subject: 'Quarterly report.pdf' })).toBe('Matilda Jones uploaded Quarterly report.pdf');
    expect(activityLine({ actor: 'Matilda Jones', action: 'member.role_changed', subject: 'Ned Kelly: member → admin' })).toBe(
      'Matilda Jones changed the role of Ned Kelly: member → admin',
    );
    for (const action of TEAM_ACTIVITY_ACTIONS) expect(activityLine({ actor: 'A', action, subject: 'B' })).toMatch(/^A \S.* B$/);
  });
});

const member = (id: string, role: TeamMember['role']): Pick<TeamMember, 'userId' | 'role'> => ({ userId: id, role });

describe('roles', () => {
  it('labels every role, alone and in a sentence', () => {
    expect(ROLE_LABEL).toEqual({ owner: 'Owner', admin: 'Admin', member: 'Member' });
    expect(ROLE_IN_SENTENCE).toEqual({ owner: 'the owner', admin: 'an admin', member: 'a member' });
  });

  it('hands out admin and member only: ownership moves by transfer', () => {
    expect(assignableRoles).toEqual(['member', 'admin']);
  });

  it('lets owners and admins manage others but never the owner or themselves', () => {
    expect(mayManage('owner', 'me', member('you', 'admin'))).toBe(true);
    expect(mayManage('admin', 'me', member('you', 'member'))).toBe(true);
    expect(mayManage('admin', 'me', member('boss', 'owner'))).toBe(false);
    expect(mayManage('owner', 'me', member('me', 'owner'))).toBe(false);
    expect(mayManage('member', 'me', member('you', 'member'))).toBe(false);
  });
});

describe('pageAfterSwitch', () => {
  it('leaves a page that shows one document for My Documents, and stays anywhere else', () => {
    expect(pageAfterSwitch('/dashboard/edit/abc-123')).toBe('/dashboard/documents');
    expect(pageAfterSwitch('/dashboard/edit')).toBeNull();
    expect(pageAfterSwitch('/dashboard/documents')).toBeNull();
    expect(pageAfterSwitch('/dashboard/team')).toBeNull();
  });
});
