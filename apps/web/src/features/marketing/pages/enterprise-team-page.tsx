import { LayoutDashboardIcon, MailPlusIcon, ShieldUserIcon, UserMinusIcon } from 'lucide-react';
import { EnterpriseFeaturePage } from '../components/enterprise-feature-page';
import type { Feature } from '../components/feature-grid';

const FEATURES: Feature[] = [
  { icon: MailPlusIcon, title: 'Invite by email', description: 'Add colleagues with an email invitation. They join your team as soon as they accept.' },
  { icon: ShieldUserIcon, title: 'Roles and permissions', description: 'Owners, admins and members each get the access their role needs, and no more.' },
  { icon: LayoutDashboardIcon, title: 'One shared workspace', description: 'Everyone works with the same tools and settings from their own dashboard.' },
  { icon: UserMinusIcon, title: 'Remove access instantly', description: 'When someone leaves, remove them from the team and their access ends straight away.' },
];

export function EnterpriseTeamPage() {
  return (
    <EnterpriseFeaturePage
      documentTitle="Team Management"
      title="Team management for Australian businesses"
      description="Bring your whole team onto Wattle PDF and stay in control of who can do what."
      features={FEATURES}
      columns={2}
    />
  );
}
