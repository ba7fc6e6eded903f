import {
  BellIcon,
  FilePenLineIcon,
  FilePlusIcon,
  FilesIcon,
  FileTypeIcon,
  FolderOpenIcon,
  LayersIcon,
  LockIcon,
  MoonIcon,
  Share2Icon,
  SlidersHorizontalIcon,
} from 'lucide-react';
import { CtaBanner } from '@/components/public-page/cta-banner';
import { PageHero } from '@/components/public-page/page-hero';
import { FeatureGrid, type Feature } from '../components/feature-grid';
import { Section } from '@/components/public-page/section';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SignUpButton } from '../components/sign-up-button';

const TOOLS: Feature[] = [
  { icon: FileTypeIcon, title: 'Convert', description: 'Take the text of a PDF into Word, its tables into Excel and its pages into PowerPoint; turn images and Office files into PDFs.' },
  { icon: FilePlusIcon, title: 'Create', description: 'Build new PDFs from images and documents, and make scanned pages searchable with OCR.' },
  { icon: FilePenLineIcon, title: 'Edit', description: 'Stamp a watermark, number the pages, rotate them, update the title and author, and flatten forms.' },
  { icon: LockIcon, title: 'Secure', description: 'Lock PDFs with a password and 256-bit AES encryption, and remove hidden scripts and metadata.' },
  { icon: Share2Icon, title: 'Ready to share', description: 'Compress files for email, password-protect them and turn pages into images before you send them.' },
  { icon: LayersIcon, title: 'Organise', description: 'Merge files, split them apart, put pages in the right order and remove the ones you do not need.' },
];

const ACCOUNT: Feature[] = [
  { icon: FolderOpenIcon, title: 'Your documents', description: 'Upload PDFs, then search, download and tidy them up from your dashboard, with your storage use always in view.' },
  { icon: SlidersHorizontalIcon, title: 'PDF preferences', description: 'Set your viewer mode, export quality, default page size (A4, Letter or Legal) and auto-save.' },
  { icon: BellIcon, title: 'Notifications', description: 'See what has changed in your account at a glance from the bell in the dashboard.' },
  { icon: FilesIcon, title: 'Batch processing', description: 'Run a tool over many of your stored documents at once and download the results together.' },
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
        description="Every tool is free to use, with or without an account. A free account adds larger files, your own document library and batch processing."
        actions={
          <SignUpButton variant="wattle">Get Started Free</SignUpButton>
        }
      />
    </>
  );
}
