import { TOOL_CATEGORIES } from '@wattle/shared';
import {
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
import { ToolGrid } from '@/components/tool-grid';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FORM_TOOLS } from '@/lib/tool-catalogue';
import { CATEGORY_STYLE } from '@/lib/tool-icons';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { FeatureCard } from '../components/feature-card';
import { SignUpButton } from '../components/sign-up-button';
import { ToolDrop } from '../components/tool-drop';

const HOW_IT_WORKS_ID = 'how-it-works';

const HIGHLIGHTS = ['Free tools, no account needed', 'Prices in AUD', '256-bit AES password protection'];

const STEPS: { icon: LucideIcon; title: string; description: string }[] = [
  { icon: CloudUploadIcon, title: 'Add your file', description: 'Drop a file above or pick one from your device. When you run a tool it travels over an encrypted connection to our Australian-hosted servers.' },
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
        description="Drop a file to start: merge, split, compress, convert, protect and edit PDFs for free, no account needed. Files are processed on Australian-hosted servers and deleted automatically afterwards."
        actions={
          <>
            <SignUpButton>Create a free account</SignUpButton>
            <Button size="lg" variant="outline" onClick={scrollToHowItWorks}>
              See How It Works
            </Button>
          </>
        }
        aside={<ToolDrop />}
      />
      <ToolsByCategory />
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
              'Only you, the members of a team you share a space with and the people you send a share link can see your documents',
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

/** Every tool by category, right under the drop zone: the page leads with what it offers. */
function ToolsByCategory() {
  return (
    <Section eyebrow="All tools" title="Pick a tool" description="Every tool is free to use in your browser, no account needed.">
      <div className="space-y-12">
        {TOOL_CATEGORIES.map((category) => {
          const tools = FORM_TOOLS.filter((tool) => tool.category === category.id);
          if (tools.length === 0) return null;
          const { icon: Icon, tint } = CATEGORY_STYLE[category.id];
          return (
            <section key={category.id} aria-labelledby={`tools-${category.id}`}>
              <h3 id={`tools-${category.id}`} className="mb-4 flex items-center gap-3 text-xl font-bold tracking-tight">
                <span className={cn('grid size-9 place-items-center rounded-lg', tint)}>
                  <Icon className="size-5" aria-hidden />
                </span>
                {category.name}
              </h3>
              <ToolGrid tools={tools} />
            </section>
          );
        })}
      </div>
    </Section>
  );
}
