import { OCR_LANGUAGES } from '@wattle/shared';
import {
  ArrowDownIcon,
  FileCodeIcon,
  FileImageIcon,
  FileSpreadsheetIcon,
  FileTextIcon,
  LockIcon,
  MailIcon,
  MapPinIcon,
  PresentationIcon,
  ScanTextIcon,
  SparklesIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { BenefitGrid, type Benefit } from '@/components/public-page/benefit-grid';
import { CtaBanner } from '@/components/public-page/cta-banner';
import { PageHero } from '@/components/public-page/page-hero';
import { Section } from '@/components/public-page/section';
import { Badge } from '@/components/ui/badge';
import { FeatureCard } from '../components/feature-card';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SignUpButton } from '../components/sign-up-button';

const CONVERSIONS_ID = 'conversion-tools';

const CONVERSIONS: { icon: LucideIcon; title: string; description: string; advanced?: boolean; href: string }[] = [
  { icon: FileTextIcon, title: 'PDF to Word', description: 'Turn a PDF into an editable Word document that keeps its headings, paragraphs, lists, tables, images and page breaks, with columns read in order.', href: '/tools/pdf-to-word' },
  { icon: FileSpreadsheetIcon, title: 'PDF to Excel', description: 'Put the tables of each page into spreadsheet cells, one sheet per page, with amounts and percentages as numbers you can add up.', href: '/tools/pdf-to-excel' },
  { icon: PresentationIcon, title: 'PDF to PowerPoint', description: 'Put each page on its own slide, its text editable over the page’s images, and the text in the speaker notes too.', href: '/tools/pdf-to-powerpoint' },
  { icon: FileImageIcon, title: 'Image to PDF', description: 'Combine photos and scans (JPEG, PNG, WebP, GIF, TIFF or HEIC) into one PDF, one page per image.', href: '/tools/image-to-pdf' },
  { icon: FileTextIcon, title: 'Word to PDF', description: 'Create a PDF from a Word document (or Excel, PowerPoint, OpenDocument, RTF or text) that looks the same on every screen and printer.', href: '/tools/office-to-pdf' },
  { icon: FileCodeIcon, title: 'HTML to PDF', description: 'Print a web page you upload, as an HTML file or a ZIP with its images and styles, to PDF. Nothing on the page can reach the internet.', href: '/tools/html-to-pdf' },
  { icon: MailIcon, title: 'Email to PDF', description: 'Keep an email saved as an EML or Outlook MSG file as a PDF: who sent it, to whom and when, the message, and its attachments inside the PDF.', href: '/tools/email-to-pdf' },
  { icon: ScanTextIcon, title: 'OCR', description: `Recognise the text in scanned documents so it can be searched, selected and copied, in ${OCR_LANGUAGES.length} languages including English.`, advanced: true, href: '/tools/ocr' },
];

const BENEFITS: Benefit[] = [
  { icon: MapPinIcon, title: 'Australian Hosted', description: 'Your documents are converted and stored on Australian-hosted servers, in line with Australian privacy guidelines.' },
  { icon: SparklesIcon, title: 'Predictable Formatting', description: 'Documents turned into PDFs keep their layout. Out of a PDF you get exactly what each card says: the text, the table cells or the page pictures.' },
  { icon: LockIcon, title: 'Bank-Level Security', description: 'Files travel over encrypted connections, stay private to you and are deleted automatically after conversion. Add a password with 256-bit AES encryption when you need one.' },
];

export function ConvertPage() {
  useDocumentTitle('Convert PDF');
  return (
    <>
      <PageHero
        eyebrow={<Badge variant="secondary" className="rounded-full px-3 py-1 text-sm">Convert PDF</Badge>}
        title="Convert PDFs to and from Office files and images"
        description="Take the text of a PDF into Word, its tables into Excel and its pages into PowerPoint, turn images and Office documents into PDFs, and make scanned pages searchable with OCR. Free, without an account, and hosted in Australia."
        actions={
          <>
            <Button asChild size="lg">
              <a href={`#${CONVERSIONS_ID}`}>
                Start Converting Free
                <ArrowDownIcon />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/pricing">View Pricing</Link>
            </Button>
          </>
        }
      />

      <Section id={CONVERSIONS_ID} eyebrow="Conversion tools" title={`${CONVERSIONS.length} ways to convert`} description="Pick the conversion you need. Each one keeps your document private and deletes it automatically afterwards.">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CONVERSIONS.map((tool) => (
            <Link key={tool.title} to={tool.href} className="rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              <FeatureCard icon={tool.icon} title={tool.title} description={tool.description} className="hover:border-primary/40">
                {tool.advanced && <Badge variant="wattle">Advanced</Badge>}
              </FeatureCard>
            </Link>
          ))}
        </div>
      </Section>

      <Section tone="muted" eyebrow="Why Wattle PDF" title="Conversions you can trust">
        <BenefitGrid benefits={BENEFITS} />
      </Section>

      <CtaBanner
        title="Convert your first PDF today"
        description="Every conversion works without an account. Create a free one for larger files, your own document library and batch processing."
        actions={
          <>
            <SignUpButton variant="wattle">Sign Up Free</SignUpButton>
            <Button asChild size="lg" variant="outline" className="border-white/30 bg-transparent text-white hover:bg-white/10 hover:text-white dark:bg-transparent">
              <Link to="/auth/login">Sign In</Link>
            </Button>
          </>
        }
      />
    </>
  );
}
