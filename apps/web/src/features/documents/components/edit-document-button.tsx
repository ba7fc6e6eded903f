import type { DocumentItem } from '@wattle/shared';
import { FilePenLineIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The pen beside a document: opens it in the editor. */
export function EditDocumentButton({ doc }: { doc: DocumentItem }) {
  return (
    <Button asChild variant="ghost" size="icon" className="size-8" title="Edit">
      <Link to={`/dashboard/edit/${encodeURIComponent(doc.id)}`} aria-label={`Edit ${doc.filename}`}>
        <FilePenLineIcon aria-hidden />
      </Link>
    </Button>
  );
}
