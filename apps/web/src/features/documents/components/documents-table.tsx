import { DownloadIcon, EyeIcon, FilePenLineIcon, FileTextIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { formatBytes } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { ShareDocumentButton } from '@/features/share/components/share-document-button';
import { formatDate } from '@/lib/dates';
import type { DocumentItem } from '@wattle/shared';

interface DocumentsTableProps {
  documents: DocumentItem[];
  loading: boolean;
  empty: string;
  onPreview: (doc: DocumentItem) => void;
  onDownload: (doc: DocumentItem) => void;
  onDelete: (doc: DocumentItem) => void;
}

/** Name, Upload Date, Size and Actions; on phones the date and size sit under the name. */
export function DocumentsTable({ documents, loading, empty, onPreview, onDownload, onDelete }: DocumentsTableProps) {
  const { locale, timeZone } = usePreferences();
  return (
    <Table className="table-fixed">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="px-3">Name</TableHead>
          <TableHead className="hidden w-32 sm:table-cell">Upload Date</TableHead>
          <TableHead className="hidden w-28 sm:table-cell">Size</TableHead>
          <TableHead className="w-[11.5rem] pr-3 text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading &&
          documents.length === 0 &&
          Array.from({ length: 3 }, (_, i) => (
            <TableRow key={i}>
              <TableCell colSpan={4} className="px-3">
                <Skeleton className="h-8 w-full" />
              </TableCell>
            </TableRow>
          ))}
        {!loading && documents.length === 0 && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={4} className="px-3 py-10 text-center whitespace-normal text-muted-foreground">
              {empty}
            </TableCell>
          </TableRow>
        )}
        {documents.map((doc) => {
          const uploaded = formatDate(doc.uploaded_at, locale, timeZone);
          const size = formatBytes(doc.file_size);
          return (
            <TableRow key={doc.id}>
              <TableCell className="px-3">
                <div className="flex min-w-0 items-center gap-3">
                  <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary min-[400px]:grid">
                    <FileTextIcon className="size-4" aria-hidden />
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-medium" title={doc.filename}>
                      {doc.filename}
                    </p>
                    <p className="text-xs text-muted-foreground sm:hidden">
                      {uploaded} · {size}
                    </p>
                  </div>
                </div>
              </TableCell>
              <TableCell className="hidden text-muted-foreground tabular-nums sm:table-cell">{uploaded}</TableCell>
              <TableCell className="hidden text-muted-foreground tabular-nums sm:table-cell">{size}</TableCell>
              <TableCell className="pr-3">
                <div className="flex justify-end">
                  <Button variant="ghost" size="icon" className="size-8" onClick={() => onPreview(doc)} aria-label={`Preview ${doc.filename}`} title="Preview">
                    <EyeIcon aria-hidden />
                  </Button>
                  <Button asChild variant="ghost" size="icon" className="size-8" title="Edit">
                    <Link to={`/dashboard/edit/${encodeURIComponent(doc.id)}`} aria-label={`Edit ${doc.filename}`}>
                      <FilePenLineIcon aria-hidden />
                    </Link>
                  </Button>
                  <ShareDocumentButton document={doc} />
                  <Button variant="ghost" size="icon" className="size-8" onClick={() => onDownload(doc)} aria-label={`Download ${doc.filename}`} title="Download">
                    <DownloadIcon aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                    onClick={() => onDelete(doc)}
                    aria-label={`Delete ${doc.filename}`}
                    title="Delete"
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
