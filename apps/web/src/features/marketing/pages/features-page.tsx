import {
  BellIcon,
  FilePenLineIcon,
  FilePlusIcon,
  FileTypeIcon,
  FolderOpenIcon,
  LayersIcon,
  LockIcon,
  MoonIcon,
  Share2Icon,
  SlidersHorizontalIcon,
  UsersIcon,
} from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CtaBanner } from '../components/cta-banner';
import { FeatureGrid, type Feature } from '../components/feature-grid';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { SignUpButton } from '../components/sign-up-button';

const TOOLS: Feature[] = [
  { icon: FileTypeIcon, title: 'Convert', description: 'PDF to Word, Excel and PowerPoint; image and Word to PDF; OCR for scanned documents.' },
  { icon: FilePlusIcon, title: 'Create', description: 'Build new PDFs from images and documents in a few clicks.' },
  { icon: FilePenLineIcon, title: 'Edit and annotate', description: 'Add text, highlight passages and leave notes on your PDFs.' },
  { icon: LockIcon, title: 'Secure', description: 'Protect documents with passwords and 256-bit encryption.' },
  { icon: Share2Icon, title: 'Share', description: 'Send documents to clients and colleagues with a secure link.' },
  { icon: LayersIcon, title: 'Organise', description: 'Merge files, split them apart and put pages in the right order.' },
];

const ACCOUNT: Feature[] = [
  { icon: FolderOpenIcon, title: 'Your documents', description: 'Upload PDFs, then search, download and tidy them up from your dashboard, with your storage use always in view.' },
  { icon: SlidersHorizontalIcon, title: 'PDF preferences', description: 'Set your viewer mode, export quality, default page size (A4, Letter or Legal) and auto-save.' },
  { icon: BellIcon, title: 'Notifications', description: 'See what has changed in your account at a glance from the bell in the dashboard.' },
  { icon: UsersIcon, title: 'Teams', description: 'Bring colleagues into one workspace and manage who has access.' },
  { icon: MoonIcon, title: 'Light and dark', description: 'Work the way you like with a light or dark theme that remembers your choice.' },
];

export function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <>
      <PageHero
        title="Everything you need to work with PDFs"
        description="A complete PDF toolkit and a private dashboard for your documents, hosted in Australia and built with privacy in mind."
      />
      <Section eyebrow="PDF tools" title="Tools for every document job">
        <FeatureGrid features={TOOLS} />
      </Section>
      <Section tone="muted" eyebrow="Your account" title="A dashboard that keeps you organised">
        <FeatureGrid features={ACCOUNT} />
      </Section>
      <CtaBanner
        title="Try Wattle PDF free"
        description="Free basic tools, premium features when you need them, and pricing in Australian dollars."
        actions={
          <SignUpButton variant="wattle">Get Started Free</SignUpButton>
        }
      />
    </>
  );
}
