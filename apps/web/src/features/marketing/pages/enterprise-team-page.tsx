import { FolderLockIcon, HardDriveIcon, LayersIcon, MailIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { EnterpriseFeaturePage } from '../components/enterprise-feature-page';
import type { Feature } from '../components/feature-grid';

// Team accounts are still being built: say what works for a team today, and nothing more.
const FEATURES: Feature[] = [
  { icon: MailIcon, title: 'One free account each', description: 'Each colleague signs up with their own email address and gets the full set of tools.' },
  { icon: FolderLockIcon, title: 'Private documents', description: 'Documents stay private to the account that uploaded them, so one person never sees another person’s files.' },
  { icon: LayersIcon, title: 'Batch processing', description: 'Run a tool over many stored documents at once and save the results back to My Documents.' },
  { icon: HardDriveIcon, title: 'More storage on request', description: 'If your people need more room for their documents, talk to our team about the storage each account needs.' },
];

export function EnterpriseTeamPage() {
  return (
    <EnterpriseFeaturePage
      documentTitle="Team Management"
      eyebrow={<Badge variant="outline" className="rounded-full px-3 py-1 text-sm">Coming soon</Badge>}
      title="Team management is on its way"
      description="Shared team accounts, with invitations and roles, are still being built. Until they arrive, here is how teams use Wattle PDF today."
      features={FEATURES}
      columns={2}
    />
  );
}
