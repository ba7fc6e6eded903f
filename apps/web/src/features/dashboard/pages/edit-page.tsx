import { FilePenLineIcon } from 'lucide-react';
import { Link } from 'react-router';
import { getToolFamily } from '@wattle/shared';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ToolFamilySections } from '../components/tool-family-sections';

export function EditPdfPage() {
  return (
    <div>
      <PageHeader title="Edit PDF" description="Mark up, number, reorder and tidy the pages of your PDFs." />
      <div className="space-y-8">
        {/* The browser editor opens a stored document: My Documents' Edit action on any row. */}
        <section aria-labelledby="editor-card-title" className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs sm:flex-row sm:items-center">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
            <FilePenLineIcon className="size-5.5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="editor-card-title" className="font-semibold">
              Edit in your browser
            </h2>
            <p className="text-sm text-muted-foreground">Add text, images, shapes, highlights and comments, fill forms and sign. Every save keeps the previous version.</p>
          </div>
          <Button asChild>
            <Link to="/dashboard/documents">Choose a document</Link>
          </Button>
        </section>
        <ToolFamilySections family={getToolFamily('edit')} />
      </div>
    </div>
  );
}
