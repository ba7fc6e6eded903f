import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { TEAM_INVITATION_DAYS, teamRoleMay, type Team } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth/session';
import { useLeaveTeam } from '../api/membership';
import { mayManage } from '../lib/roles';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { InviteForm } from './invite-form';
import { MemberItem } from './member-item';
import { PendingInvitations } from './pending-invitations';

/** Who is in the team; for owners and admins also invitations and role changes; Leave for everyone but the owner. */
export function MembersTab({ team }: { team: Team }) {
  const { user } = useSession();
  const leave = useLeaveTeam();
  const [leaving, setLeaving] = useState(false);
  const manages = teamRoleMay(team.role, 'members.manage');
  const me = user?.id ?? '';

  const confirmLeave = () =>
    // mutateAsync: the page leaves the team (and this tab) before this settles.
    leave.mutateAsync(team.id).then(
      () => toast({ title: 'You left the team', description: 'You are back in your personal space.', variant: 'success' }),
      (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    );

  return (
    <div className="grid gap-6">
      {manages && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Invite a member</h2>
            </CardTitle>
            <CardDescription>They get an email with a link that works once, for the address you enter, for {TEAM_INVITATION_DAYS} days.</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm team={team} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Members ({team.members.length})</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {team.members.map((member) => (
              <MemberItem key={member.id} member={member} teamName={team.name} manageable={mayManage(team.role, me, member)} isYou={member.userId === me} />
            ))}
          </ul>
        </CardContent>
      </Card>
      {manages && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Pending invitations</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PendingInvitations invitations={team.invitations} />
          </CardContent>
        </Card>
      )}
      {team.role !== 'owner' && (
        <div>
          <Button type="button" variant="outline" onClick={() => setLeaving(true)}>
            <LogOutIcon aria-hidden="true" />
            Leave team
          </Button>
          <ConfirmDialog
            open={leaving}
            onOpenChange={setLeaving}
            title={`Leave ${team.name}?`}
            description="You lose access to the team’s documents at once. Someone in the team can invite you again."
            action="Leave team"
            onConfirm={confirmLeave}
          />
        </div>
      )}
    </div>
  );
}
