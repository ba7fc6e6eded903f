import { getToolFamily } from '@wattle/shared';
import { PageHeader } from '@/components/page-header';
import { ToolFamilySections } from '../components/tool-family-sections';

export function EditPdfPage() {
  return (
    <div>
      <PageHeader title="Edit PDF" description="Mark up, number, reorder and tidy the pages of your PDFs." />
      <div className="space-y-8">
        <ToolFamilySections family={getToolFamily('edit')} />
      </div>
    </div>
  );
}
