import { FileImageIcon, FileSpreadsheetIcon, FilesIcon, FileUpIcon, ScanTextIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Section } from '../components/section';
import { ToolLinkGrid } from '../components/tool-links';

export function CreatePdfPage() {
  return (
    <div>
      <PageHeader
        title="Create PDF"
        description="Turn photos, scans and office documents into PDFs that look the same on every device."
        actions={
          <Button asChild variant="outline">
            <Link to="/dashboard/settings">Default page size</Link>
          </Button>
        }
      />
      <div className="space-y-8">
        <Section title="From files you already have">
          <ToolLinkGrid
            className="xl:grid-cols-2"
            tools={[
              { id: 'image-to-pdf', icon: FileImageIcon },
              { id: 'office-to-pdf', icon: FileSpreadsheetIcon },
            ]}
          />
        </Section>
        <Section title="Combine and make searchable">
          <ToolLinkGrid
            className="xl:grid-cols-2"
            tools={[
              { id: 'merge', icon: FilesIcon },
              { id: 'ocr', icon: ScanTextIcon },
            ]}
          />
        </Section>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <FileUpIcon className="size-4 shrink-0" aria-hidden="true" />
          New pages use your default page size from Settings. Save a result to My Documents to keep it.
        </p>
      </div>
    </div>
  );
}
