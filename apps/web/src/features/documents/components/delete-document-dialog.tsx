import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
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
    <AlertDialog open={documents.length > 0} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">{one ? `Delete ${one.filename}?` : `Delete ${documents.length} PDFs?`}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-2">
              {!one && (
                <ul className="max-h-40 list-disc overflow-y-auto pl-5 break-words" tabIndex={0} aria-label="PDFs to delete">
                  {documents.map((doc) => (
                    <li key={doc.id}>{doc.filename}</li>
                  ))}
                </ul>
              )}
              <p>{one ? 'This PDF leaves My Documents and its storage is freed.' : 'These PDFs leave My Documents and their storage is freed.'} This action cannot be undone.</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
