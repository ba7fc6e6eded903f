import { getToolFamily } from '@wattle/shared';
import { FileUpIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ToolFamilySections } from '../components/tool-family-sections';

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
        <ToolFamilySections family={getToolFamily('create')} gridClassName="xl:grid-cols-2" />
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <FileUpIcon className="size-4 shrink-0" aria-hidden="true" />
          New pages use your default page size from Settings. Save a result to My Documents to keep it.
        </p>
      </div>
    </div>
  );
}
