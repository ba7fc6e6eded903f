import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { useDeleteDocuments } from '../api/documents';
import type { DocumentItem } from '@wattle/shared';

/** The spec's confirmation before a soft delete, naming what goes, with its toasts: one file or a selection. */
export function DeleteDocumentDialog({ documents, onClose, onDeleted }: { documents: DocumentItem[]; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteDocuments();
  const one = documents.length === 1 ? documents[0] : undefined;
  const confirm = () => {
    remove.mutate(
      documents.map((doc) => doc.id),
      {
        onSuccess: () => {
          toast({ title: 'Success', description: one ? 'PDF deleted successfully.' : `${documents.length} PDFs deleted successfully.`, variant: 'success' });
          onDeleted?.();
        },
        onError: () => toast({ title: 'Error', description: one ? 'Failed to delete the PDF.' : 'Some PDFs could not be deleted.', variant: 'destructive' }),
      },
    );
    onClose();
  };
  return (
    <ConfirmDialog
      open={documents.length > 0}
      onOpenChange={(open) => !open && onClose()}
      title={one ? 'Delete PDF' : `Delete ${documents.length} PDFs`}
      description={
        <div className="space-y-2">
          {one ? (
            <p className="font-medium break-words text-foreground" data-testid="deleting-name">
              {one.filename}
            </p>
          ) : (
            <ul className="max-h-40 list-disc overflow-y-auto pl-5 break-words text-foreground" tabIndex={0} aria-label="PDFs to delete">
              {documents.map((doc) => (
                <li key={doc.id}>{doc.filename}</li>
              ))}
            </ul>
          )}
          <p>{one ? 'Are you sure you want to delete this PDF?' : 'Are you sure you want to delete these PDFs?'} This action cannot be undone.</p>
        </div>
      }
      action="Delete"
      onConfirm={confirm}
    />
  );
}
