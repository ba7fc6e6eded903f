import { useSearchParams } from 'react-router';
import { formatBytes, type Team } from '@wattle/shared';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSpaces } from '@/features/team/api/spaces';
import { useTeam } from '@/features/team/api/team';
import { ActivityTab } from '@/features/team/components/activity-tab';
import { MembersTab } from '@/features/team/components/members-tab';
import { MyInvitations } from '@/features/team/components/my-invitations';
import { PersonalTeamOverview } from '@/features/team/components/personal-team-overview';
import { RolesTab } from '@/features/team/components/roles-tab';
import { SettingsTab } from '@/features/team/components/settings-tab';
import { ROLE_IN_SENTENCE } from '@/features/team/lib/roles';

/** The tabs, by their `?tab=` value (Members has none), so each can be linked to. */
const TABS = ['members', 'activity', 'roles', 'settings'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** `/dashboard/team`: the active team's members, activity, roles and settings; in Personal, the person's teams and a new one. */
export function TeamPage() {
  const { data: spaces } = useSpaces();
  const inTeam = spaces?.active.kind === 'team';
  const { data: team, isError, error } = useTeam(inTeam);

  if (!spaces || (inTeam && !team && !isError)) {
    return (
      <>
        <PageHeader title="Team" />
        <Skeleton className="h-64 w-full" />
      </>
    );
  }
  return (
    <>
      {inTeam && team ? (
        <PageHeader title={team.name} description={`Team · You are ${ROLE_IN_SENTENCE[team.role]} · ${formatBytes(team.storage.used)} of ${formatBytes(team.storage.limit)} used`} />
      ) : (
        <PageHeader title="Team" description="Work with colleagues in a shared space: the same documents, tools and share links." />
      )}
      <div className="grid gap-6">
        <MyInvitations />
        {!inTeam ? (
          <PersonalTeamOverview teams={spaces.teams} />
        ) : team ? (
          <TeamTabs team={team} />
        ) : (
          <p className="text-sm text-destructive">{error?.message}</p>
        )}
      </div>
    </>
  );
}

function TeamTabs({ team }: { team: Team }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'members';
  const choose = (value: string) => setParams(value === 'members' ? {} : { tab: value }, { replace: true });

  return (
    <Tabs value={tab} onValueChange={choose}>
      <TabsList className="max-w-full">
        <TabsTrigger value="members">Members</TabsTrigger>
        <TabsTrigger value="activity">Activity</TabsTrigger>
        <TabsTrigger value="roles">Roles</TabsTrigger>
        <TabsTrigger value="settings">Settings</TabsTrigger>
      </TabsList>
      <TabsContent value="members">
        <MembersTab team={team} />
      </TabsContent>
      <TabsContent value="activity">
        <ActivityTab />
      </TabsContent>
      <TabsContent value="roles">
        <RolesTab />
      </TabsContent>
      <TabsContent value="settings">
        <SettingsTab team={team} />
      </TabsContent>
    </Tabs>
  );
}
