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
import { useDeleteDocument } from '../api/documents';
import type { DocumentItem } from '@wattle/shared';

/** The spec's confirmation before a soft delete, with its toasts. */
export function DeleteDocumentDialog({ document, onClose }: { document: DocumentItem | undefined; onClose: () => void }) {
  const remove = useDeleteDocument();
  const confirm = () => {
    if (!document) return;
    remove.mutate(document.id, {
      onSuccess: () => toast({ title: 'Success', description: 'PDF deleted successfully.', variant: 'success' }),
      onError: () => toast({ title: 'Error', description: 'Failed to delete the PDF.', variant: 'destructive' }),
    });
    onClose();
  };
  return (
    <AlertDialog open={Boolean(document)} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete PDF</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to delete this PDF? This action cannot be undone.</AlertDialogDescription>
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
