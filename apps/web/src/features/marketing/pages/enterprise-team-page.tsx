import { ActivityIcon, FolderLockIcon, HardDriveIcon, KeyRoundIcon, MailIcon, UsersIcon } from 'lucide-react';
import { TEAM_ACTIVITY_DAYS, TEAM_INVITATION_DAYS, TEAM_STORAGE_LIMIT } from '@wattle/shared';
import { EnterpriseFeaturePage } from '../components/enterprise-feature-page';
import type { Feature } from '../components/feature-grid';

const TEAM_STORAGE_MB = Math.round(TEAM_STORAGE_LIMIT / (1024 * 1024));

// What a team can do today, with the figures the server enforces.
const FEATURES: Feature[] = [
  { icon: UsersIcon, title: 'A shared team space', description: 'Switch between Personal and your team: My Documents, batches, downloads, share links and the editor all work in the space you choose.' },
  { icon: MailIcon, title: 'Invitations by email', description: `Invite colleagues by address. An invitation works once, for the address it was sent to, for ${TEAM_INVITATION_DAYS} days; anyone without an account signs up and joins.` },
  { icon: FolderLockIcon, title: 'Owner, admins and members', description: 'Members use the team’s documents and tools; admins also manage members, share links, API keys and webhooks; only the owner transfers or deletes the team.' },
  { icon: ActivityIcon, title: 'Activity log', description: `See who uploaded, edited, shared or deleted what, and every change to the team’s members, kept for ${TEAM_ACTIVITY_DAYS} days.` },
  { icon: KeyRoundIcon, title: 'Team API keys and webhooks', description: 'Scripts work in the team with keys made by its admins, and the team’s own webhooks hear of finished jobs, new documents and link views.' },
  { icon: HardDriveIcon, title: `${TEAM_STORAGE_MB} MB of team storage`, description: 'Team documents count against the team’s storage, not against the member who uploaded them. Removed members lose access at once.' },
];

export function EnterpriseTeamPage() {
  return (
    <EnterpriseFeaturePage
      documentTitle="Team Management"
      title="Work on documents together"
      description="Create a team from the Team page of your dashboard, invite your colleagues, and keep the team’s documents in one shared, private space."
      features={FEATURES}
    />
  );
}
