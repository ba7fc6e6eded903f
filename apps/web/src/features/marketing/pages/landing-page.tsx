import {
  ArrowRightIcon,
  CheckIcon,
  CloudUploadIcon,
  DownloadIcon,
  FileTypeIcon,
  LockIcon,
  MapPinIcon,
  MergeIcon,
  MousePointerClickIcon,
  ShieldCheckIcon,
  type LucideIcon,
} from 'lucide-react';
import { CtaBanner } from '@/components/public-page/cta-banner';
import { PageHero } from '@/components/public-page/page-hero';
import { Section } from '@/components/public-page/section';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FeatureCard } from '../components/feature-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { SignUpButton } from '../components/sign-up-button';

const HOW_IT_WORKS_ID = 'how-it-works';

const HIGHLIGHTS = ['Free tools, no account needed', 'Prices in AUD', '256-bit AES password protection'];

const STEPS: { icon: LucideIcon; title: string; description: string }[] = [
  { icon: CloudUploadIcon, title: 'Upload your PDF', description: 'Drag in a file or pick one from your device. It travels over an encrypted connection to our Australian servers.' },
  { icon: MousePointerClickIcon, title: 'Choose a tool', description: 'Convert, merge, split, compress, protect or make scans searchable. Most jobs finish in seconds.' },
  { icon: DownloadIcon, title: 'Download the result', description: 'Save your new document. Tool files are deleted automatically after processing, so nothing lingers.' },
];

export function LandingPage() {
  useDocumentTitle();

  const scrollToHowItWorks = () => {
    document.getElementById(HOW_IT_WORKS_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <PageHero
        eyebrow={
          <Badge variant="outline" className="gap-2 rounded-full bg-background/70 px-3 py-1 text-sm font-medium">
            <span className="size-2 rounded-full bg-wattle" aria-hidden="true" />
            Australian made and hosted
          </Badge>
        }
        title={
          <>
            Australia&apos;s most trusted <span className="text-primary">PDF tools</span>
          </>
        }
        description="Convert, create, edit, secure and organise your PDFs on Australian-hosted servers that follow Australian privacy guidelines. Your files are deleted automatically after processing."
        actions={
          <>
            <SignUpButton>Start Free</SignUpButton>
            <Button size="lg" variant="outline" onClick={scrollToHowItWorks}>
              See How It Works
            </Button>
          </>
        }
        aside={<HeroIllustration />}
      />
      <HighlightStrip />

      <Section
        eyebrow="Everything in one place"
        title="PDF tools that just work"
        description="From quick conversions to secure document handling, Wattle PDF covers the jobs Australian individuals and businesses do every day."
      >
        <div className="grid gap-6 md:grid-cols-3">
          <FeatureCard
            icon={FileTypeIcon}
            title="Convert PDFs"
            description="Take the text of a PDF into Word, its tables into Excel and its pages into PowerPoint, or create PDFs from images and Office files, with OCR for scanned pages."
          />
          <FeatureCard
            icon={MergeIcon}
            title="Merge & Split"
            description="Combine several PDFs into one, split large files into parts, and reorder or remove pages in a few clicks."
          />
          <FeatureCard
            icon={ShieldCheckIcon}
            title="Secure Processing"
            description="Lock PDFs with a password and 256-bit AES encryption. Tool files are deleted automatically once processing is done."
          />
        </div>
      </Section>

      <Section id={HOW_IT_WORKS_ID} tone="muted" eyebrow="How it works" title="Three steps to a finished document">
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <step.icon className="size-5 text-primary" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 leading-7 text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section eyebrow="Trust and privacy" title="Your documents stay in Australia" description="We built Wattle PDF for people who handle contracts, tax records and client files, and need to know where their documents go.">
        <div className="grid gap-6 md:grid-cols-2">
          <TrustCard
            icon={MapPinIcon}
            title="Australian Compliant"
            points={[
              'Designed around the Australian Privacy Principles',
              'Files processed and stored on Australian-hosted servers',
              'Run by an Australian company with an ABN you can look up',
            ]}
          />
          <TrustCard
            icon={LockIcon}
            title="Secure Storage"
            points={[
              'Lock any PDF with a password and 256-bit AES encryption',
              'Files deleted automatically after processing or conversion',
              'Only you can see the documents in your account',
            ]}
          />
        </div>
      </Section>

      <CtaBanner
        title="Ready to simplify your PDFs?"
        description="Every tool is free to use without an account. Sign up free for larger files, your own document library and batch processing."
        actions={
          <SignUpButton variant="wattle">Get Started Free</SignUpButton>
        }
      />
    </>
  );
}

function HighlightStrip() {
  return (
    <div className="border-b bg-background">
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-8 gap-y-3 px-4 py-5 text-sm font-medium text-muted-foreground sm:px-6 lg:px-8">
        {HIGHLIGHTS.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <CheckIcon className="size-4 text-primary" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TrustCard({ icon: Icon, title, points }: { icon: LucideIcon; title: string; points: string[] }) {
  return (
    <div className="rounded-2xl border bg-card p-8 shadow-sm">
      <div className="flex items-center gap-4">
        <span className="flex size-12 items-center justify-center rounded-xl bg-wattle/25 text-wattle-foreground dark:text-wattle">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h3 className="text-xl font-semibold">{title}</h3>
      </div>
      <ul className="mt-6 space-y-3">
        {points.map((point) => (
          <li key={point} className="flex gap-3 leading-7 text-muted-foreground">
            <CheckIcon className="mt-1.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {point}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A product-like vignette: a conversion finishing on an Australian server. Decorative only. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-wattle/30 via-transparent to-primary/20 blur-2xl" />
      <div className="rounded-2xl border bg-card p-5 shadow-xl sm:p-6">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold">Convert PDF to Word</p>
          <Badge variant="secondary" className="gap-1">
            <MapPinIcon />
            Australian server
          </Badge>
        </div>
        <div className="mt-5 flex items-center gap-3 rounded-xl border bg-background p-3">
          <FileTile label="PDF" className="bg-red-500/10 text-red-700 dark:text-red-300" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">Quarterly-BAS-summary.pdf</p>
            <p className="text-xs text-muted-foreground">1.24 MB · 6 pages</p>
          </div>
          <ArrowRightIcon className="size-4 text-muted-foreground" />
          <FileTile label="DOC" className="bg-blue-500/10 text-blue-700 dark:text-blue-300" />
        </div>
        <div className="mt-5 space-y-2">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>Converting</span>
            <span className="font-medium text-foreground">100%</span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-primary/15">
            <div className="h-full w-full rounded-full bg-primary" />
          </div>
        </div>
        <div className="mt-5 grid grid-cols-2 gap-3 text-xs">
          <div className="flex items-center gap-2 rounded-lg bg-secondary px-3 py-2 text-secondary-foreground">
            <LockIcon className="size-3.5" />
            Private to you
          </div>
          <div className="flex items-center gap-2 rounded-lg bg-wattle/20 px-3 py-2 text-wattle-foreground dark:text-wattle">
            <ShieldCheckIcon className="size-3.5" />
            Auto-deleted
          </div>
        </div>
        <div className="mt-5 flex h-9 items-center justify-center gap-2 rounded-md bg-primary text-sm font-medium text-primary-foreground">
          <DownloadIcon className="size-4" />
          Download Word document
        </div>
      </div>
    </div>
  );
}

function FileTile({ label, className }: { label: string; className: string }) {
  return <span className={cn('flex h-11 w-9 shrink-0 items-center justify-center rounded-md text-[10px] font-bold', className)}>{label}</span>;
}
