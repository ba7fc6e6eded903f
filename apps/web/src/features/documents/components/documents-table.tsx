import type { DocumentItem, DocumentSort } from '@wattle/shared';
import { formatBytes } from '@wattle/shared';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, DownloadIcon, EyeIcon, Trash2Icon, WrenchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { ShareDocumentButton } from '@/features/share/components/share-document-button';
import { formatDateTime } from '@/lib/dates';
import type { DocumentOrder } from '../api/documents';
import { DocumentThumbnail } from './document-thumbnail';
import { EditDocumentButton } from './edit-document-button';
import { OpenInToolMenu } from './open-in-tool-menu';

interface DocumentsTableProps {
  documents: DocumentItem[];
  loading: boolean;
  empty: string;
  order: DocumentOrder;
  onSort: (sort: DocumentSort) => void;
  selected: ReadonlyMap<string, unknown>;
  onSelect: (documents: DocumentItem[], selected: boolean) => void;
  onPreview: (doc: DocumentItem) => void;
  onDownload: (doc: DocumentItem) => void;
  onDelete: (doc: DocumentItem) => void;
}

const COLUMNS = 6;

/** Select, Name, Upload Date (with the time), Size, Pages and Actions; on phones the details sit under the name. */
export function DocumentsTable({ documents, loading, empty, order, onSort, selected, onSelect, onPreview, onDownload, onDelete }: DocumentsTableProps) {
  const { locale, timeZone } = usePreferences();
  const allSelected = documents.length > 0 && documents.every((doc) => selected.has(doc.id));
  const someSelected = documents.some((doc) => selected.has(doc.id));
  const sortable = { order, onSort };
  return (
    <Table className="table-fixed">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10 pl-3">
            <Checkbox
              checked={allSelected ? true : someSelected ? 'indeterminate' : false}
              onCheckedChange={(checked) => onSelect(documents, checked === true)}
              disabled={documents.length === 0}
              aria-label="Select all documents on this page"
            />
          </TableHead>
          <SortableHead sort="name" label="Name" className="px-1" {...sortable} />
          <SortableHead sort="date" label="Upload Date" className="hidden w-44 sm:table-cell" {...sortable} />
          <SortableHead sort="size" label="Size" className="hidden w-24 md:table-cell" {...sortable} />
          <SortableHead sort="pages" label="Pages" className="hidden w-20 md:table-cell" {...sortable} />
          <TableHead className="w-[8.5rem] pr-3 text-right sm:w-[13.5rem]">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading &&
          documents.length === 0 &&
          Array.from({ length: 3 }, (_, i) => (
            <TableRow key={i}>
              <TableCell colSpan={COLUMNS} className="px-3">
                <Skeleton className="h-8 w-full" />
              </TableCell>
            </TableRow>
          ))}
        {!loading && documents.length === 0 && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={COLUMNS} className="px-3 py-10 text-center whitespace-normal text-muted-foreground">
              {empty}
            </TableCell>
          </TableRow>
        )}
        {documents.map((doc) => {
          const uploaded = formatDateTime(doc.uploaded_at, locale, timeZone);
          const size = formatBytes(doc.file_size);
          const pages = doc.page_count === null ? '–' : doc.page_count.toLocaleString(locale);
          return (
            <TableRow key={doc.id} data-state={selected.has(doc.id) ? 'selected' : undefined}>
              <TableCell className="pl-3">
                <Checkbox checked={selected.has(doc.id)} onCheckedChange={(checked) => onSelect([doc], checked === true)} aria-label={`Select ${doc.filename}`} />
              </TableCell>
              <TableCell className="px-1">
                <div className="flex min-w-0 items-center gap-3">
                  <DocumentThumbnail document={doc} />
                  <div className="min-w-0">
                    <p className="truncate font-medium" title={doc.filename}>
                      {doc.filename}
                    </p>
                    <p className="truncate text-xs text-muted-foreground md:hidden">
                      <span className="sm:hidden">{uploaded} · </span>
                      {size} · {doc.page_count === null ? 'pages unknown' : `${pages} ${doc.page_count === 1 ? 'page' : 'pages'}`}
                    </p>
                  </div>
                </div>
              </TableCell>
              <TableCell className="hidden text-muted-foreground tabular-nums sm:table-cell">{uploaded}</TableCell>
              <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">{size}</TableCell>
              <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">{pages}</TableCell>
              <TableCell className="pr-3">
                <div className="flex flex-wrap justify-end">
                  <Button variant="ghost" size="icon" className="size-8" onClick={() => onPreview(doc)} aria-label={`Preview ${doc.filename}`} title="Preview">
                    <EyeIcon aria-hidden />
                  </Button>
                  <EditDocumentButton doc={doc} />
                  <OpenInToolMenu documents={[doc]}>
                    <Button variant="ghost" size="icon" className="size-8" aria-label={`Open ${doc.filename} in a tool`} title="Open in a tool">
                      <WrenchIcon aria-hidden />
                    </Button>
                  </OpenInToolMenu>
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

/** A column header that sorts by its column; again, the other way. Says the order to screen readers with aria-sort. */
function SortableHead({ sort, label, className, order, onSort }: { sort: DocumentSort; label: string; className?: string; order: DocumentOrder; onSort: (sort: DocumentSort) => void }) {
  const active = order.sort === sort;
  const Icon = !active ? ArrowUpDownIcon : order.order === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead className={className} aria-sort={active ? (order.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button variant="ghost" size="sm" className="-ml-2 h-8 px-2" onClick={() => onSort(sort)}>
        {label}
        <Icon className={active ? '' : 'text-muted-foreground'} aria-hidden />
      </Button>
    </TableHead>
  );
}
