import { ClockIcon, FileLockIcon, KeyRoundIcon, MapPinIcon, ScaleIcon, ServerIcon } from 'lucide-react';
import { EnterpriseFeaturePage } from '../components/enterprise-feature-page';
import type { Feature } from '../components/feature-grid';

const FEATURES: Feature[] = [
  { icon: MapPinIcon, title: 'Australian data residency', description: 'Documents and account data are processed and stored on Australian-hosted servers.' },
  { icon: KeyRoundIcon, title: '256-bit encryption', description: 'Lock any PDF with a password and 256-bit AES encryption, and every connection uses HTTPS.' },
  { icon: ClockIcon, title: 'Automatic deletion', description: 'Processed files are deleted automatically, so sensitive documents never pile up.' },
  { icon: ServerIcon, title: 'Isolated processing', description: 'Each job runs in its own temporary workspace, with no internet access, that is removed when it finishes.' },
  { icon: FileLockIcon, title: 'Private by default', description: 'Every document is tied to its owner. Password protection adds another layer to the files you share.' },
  { icon: ScaleIcon, title: 'Privacy compliance', description: 'Built around the Australian Privacy Principles and the Notifiable Data Breaches scheme.' },
];

export function EnterpriseSecurityPage() {
  return (
    <EnterpriseFeaturePage
      documentTitle="Security Features"
      title="Enterprise-grade security, hosted in Australia"
      description="Give your organisation PDF tools that meet the expectations of your clients, your board and Australian privacy law."
      features={FEATURES}
    />
  );
}
