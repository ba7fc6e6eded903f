import { UsersIcon } from 'lucide-react';
import type { TeamSummary } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { toast } from '@/components/ui/toast';
import { useSwitchSpace } from '../api/spaces';
import { ROLE_LABEL } from '../lib/roles';
import { CreateTeamForm } from './create-team-form';

/** The Team page in the personal space: the person's teams to switch to, and a form for a new one. */
export function PersonalTeamOverview({ teams }: { teams: TeamSummary[] }) {
  const switchSpace = useSwitchSpace();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {teams.length > 0 && (
        <Card className="min-w-0">
          <SettingsCardHeader icon={UsersIcon} title="Your teams" description="Switch to a team to see its members and work with its documents." />
          <CardContent>
            <ul className="divide-y">
              {teams.map((team) => (
                <li key={team.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{team.name}</p>
                    <p className="text-xs text-muted-foreground">{ROLE_LABEL[team.role]}</p>
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={switchSpace.isPending}
                    aria-label={`Switch to ${team.name}`}
                    onClick={() =>
                      // mutateAsync: this list gives way to the team's page before the switch settles.
                      switchSpace.mutateAsync(team.id).then(
                        () => toast({ title: 'Space changed', description: `You are now working in ${team.name}.`, variant: 'success' }),
                        (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
                      )
                    }
                  >
                    Switch to
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2>Create a team</h2>
          </CardTitle>
          <CardDescription>Share documents, tools, share links and API keys with colleagues. You will be the team’s owner.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateTeamForm />
        </CardContent>
      </Card>
    </div>
  );
}
