import { ClockIcon, FileLockIcon, KeyRoundIcon, MapPinIcon, ScaleIcon, ServerIcon, type LucideIcon } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { EnterpriseCta } from '../components/enterprise-cta';

const FEATURES: { icon: LucideIcon; title: string; description: string }[] = [
  { icon: MapPinIcon, title: 'Australian data residency', description: 'Documents and account data are processed and stored on Australian-hosted servers.' },
  { icon: KeyRoundIcon, title: '256-bit encryption', description: 'Files are protected with 256-bit encryption and every connection uses HTTPS.' },
  { icon: ClockIcon, title: 'Automatic deletion', description: 'Processed files are deleted automatically, so sensitive documents never pile up.' },
  { icon: ServerIcon, title: 'Isolated processing', description: 'Each job runs in its own temporary workspace, with no internet access, that is removed when it finishes.' },
  { icon: FileLockIcon, title: 'Private by default', description: 'Every document is tied to its owner. Password protection adds another layer to the files you share.' },
  { icon: ScaleIcon, title: 'Privacy compliance', description: 'Built around the Australian Privacy Principles and the Notifiable Data Breaches scheme.' },
];

export function EnterpriseSecurityPage() {
  useDocumentTitle('Security Features');
  return (
    <>
      <PageHero
        title="Enterprise-grade security, hosted in Australia"
        description="Give your organisation PDF tools that meet the expectations of your clients, your board and Australian privacy law."
      />
      <Section>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </div>
      </Section>
      <EnterpriseCta />
    </>
  );
}
