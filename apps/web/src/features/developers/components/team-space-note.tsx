import { UsersIcon } from 'lucide-react';
import { teamRoleMay } from '@wattle/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useActiveTeam } from '@/features/team/api/spaces';

/** Whether the caller may make and change keys and webhooks here: anyone in Personal, owners and admins in a team. */
export function useMayManageDevelopers(): boolean {
  const team = useActiveTeam();
  return !team || teamRoleMay(team.role, 'developers.manage');
}

/** In a team space: whose keys or webhooks these are, and who may change them. */
export function TeamSpaceNote({ things }: { things: 'Keys' | 'Webhooks' }) {
  const team = useActiveTeam();
  const manages = useMayManageDevelopers();
  if (!team) return null;
  return (
    <Alert>
      <UsersIcon aria-hidden="true" />
      <AlertTitle className="line-clamp-none">
        {things} made here act for {team.name}
      </AlertTitle>
      <AlertDescription>
        {things === 'Keys' ? 'Scripts using them work in the team’s space, for everyone in it.' : 'They send the team’s events, not your personal ones.'}
        {!manages && ' Only the team’s owner and admins can create or change them.'}
      </AlertDescription>
    </Alert>
  );
}
