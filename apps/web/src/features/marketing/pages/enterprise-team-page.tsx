import { LayoutDashboardIcon, MailPlusIcon, ShieldUserIcon, UserMinusIcon, type LucideIcon } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { EnterpriseCta } from '../components/enterprise-cta';

const FEATURES: { icon: LucideIcon; title: string; description: string }[] = [
  { icon: MailPlusIcon, title: 'Invite by email', description: 'Add colleagues with an email invitation. They join your team as soon as they accept.' },
  { icon: ShieldUserIcon, title: 'Roles and permissions', description: 'Owners, admins and members each get the access their role needs, and no more.' },
  { icon: LayoutDashboardIcon, title: 'One shared workspace', description: 'Everyone works with the same tools and settings from their own dashboard.' },
  { icon: UserMinusIcon, title: 'Remove access instantly', description: 'When someone leaves, remove them from the team and their access ends straight away.' },
];

export function EnterpriseTeamPage() {
  useDocumentTitle('Team Management');
  return (
    <>
      <PageHero
        title="Team management for Australian businesses"
        description="Bring your whole team onto Wattle PDF and stay in control of who can do what."
      />
      <Section>
        <div className="grid gap-6 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </div>
      </Section>
      <EnterpriseCta />
    </>
  );
}
