import { FileArchiveIcon, Trash2Icon, WrenchIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DOCUMENTS_PAGE_SIZE, type DocumentSort } from '@wattle/shared';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { documentsZipUrl, downloadDocument, NEWEST_FIRST, useDocuments, type DocumentOrder } from '../api/documents';
import type { DocumentItem } from '@wattle/shared';
import { DeleteDocumentDialog } from '../components/delete-document-dialog';
import { DocumentsPagination } from '../components/documents-pagination';
import { DocumentsTable } from '../components/documents-table';
import { OpenInToolMenu } from '../components/open-in-tool-menu';
import { PreviewDialog } from '../components/preview-dialog';
import { StorageBar } from '../components/storage-bar';
import { UploadArea } from '../components/upload-area';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { totalPagesOf } from '../lib/pagination';
import { UPLOAD_MESSAGES } from '../lib/upload-rules';

/** Spec section 9. */
const SEARCH_DEBOUNCE_MS = 300;
const UPLOAD_AREA_ID = 'upload';

/** My Documents: upload, the storage bar, search, the table and numbered pages. */
export function DocumentsPage() {
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [previewing, setPreviewing] = useState<DocumentItem>();
  const [deleting, setDeleting] = useState<DocumentItem[]>([]);
  const [order, setOrder] = useState<DocumentOrder>(NEWEST_FIRST);
  const [selected, setSelected] = useState<ReadonlyMap<string, DocumentItem>>(new Map());
  const documents = useDocuments(page, debouncedSearch, order);

  // A new search or order starts at page 1.
  useEffect(() => setPage(1), [debouncedSearch, order]);
  // What is chosen is what is in view: another page, search or order starts a new choice.
  useEffect(() => setSelected(new Map()), [debouncedSearch, order, page]);

  // A column sorts its natural way first (A–Z, newest, largest, most pages); again, the other way.
  const sortBy = (sort: DocumentSort) =>
    setOrder((current) => (current.sort === sort ? { sort, order: current.order === 'asc' ? 'desc' : 'asc' } : { sort, order: sort === 'name' ? 'asc' : 'desc' }));
  const select = (docs: DocumentItem[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const doc of docs) {
        if (on) next.set(doc.id, doc);
        else next.delete(doc.id);
      }
      return next;
    });
  const chosen = [...selected.values()];

  // Past the last page (files deleted elsewhere, a narrower search): back to page 1.
  const total = documents.data?.total ?? 0;
  const totalPages = totalPagesOf(total, DOCUMENTS_PAGE_SIZE);
  useEffect(() => {
    if (documents.data && page > totalPages) setPage(1);
  }, [documents.data, page, totalPages]);

  useEffect(() => {
    if (documents.isError) toast({ title: 'Error', description: 'Failed to fetch documents. Please try again.', variant: 'destructive' });
  }, [documents.isError]);

  // The sidebar's "Upload PDFs" entry opens this page at the upload area.
  const wantsUpload = params.get('upload') === 'true';
  useEffect(() => {
    if (!wantsUpload) return;
    const area = document.getElementById(UPLOAD_AREA_ID);
    area?.scrollIntoView({ block: 'center' });
    area?.focus({ preventScroll: true });
  }, [wantsUpload]);

  const items = documents.isError ? [] : (documents.data?.items ?? []);
  return (
    <>
      <PageHeader title="My Documents" description="Upload, find and manage your PDFs." />
      <div className="space-y-6">
        <UploadArea id={UPLOAD_AREA_ID} onUploaded={() => toast({ ...UPLOAD_MESSAGES.listSuccess, variant: 'success' })} />
        <StorageBar />
        <section aria-label="Documents" className="rounded-xl border bg-card">
          <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
            <SearchBox
              value={search}
              onSearch={setSearch}
              label="Search documents"
              placeholder="Search documents..."
              className="sm:max-w-xs"
              iconClassName="left-3 size-4"
              inputClassName="pl-9"
              maxLength={255}
            />
            {(documents.data || documents.isError) && (
              <p className="text-sm text-muted-foreground tabular-nums" data-testid="document-count">
                {documents.isError ? 0 : total} document(s)
              </p>
            )}
          </div>
          {chosen.length > 0 && (
            <div role="region" aria-label="Selected documents" className="flex flex-wrap items-center gap-2 border-b bg-primary/5 px-4 py-2">
              <p className="mr-auto text-sm font-medium" aria-live="polite">
                {chosen.length} selected
              </p>
              <Button asChild variant="outline" size="sm">
                <a href={documentsZipUrl(chosen.map((doc) => doc.id))} download>
                  <FileArchiveIcon aria-hidden />
                  Download as ZIP
                </a>
              </Button>
              <OpenInToolMenu documents={chosen}>
                <Button variant="outline" size="sm">
                  <WrenchIcon aria-hidden />
                  Run a tool
                </Button>
              </OpenInToolMenu>
              <Button variant="outline" size="sm" className="text-destructive hover:text-destructive dark:text-red-400 dark:hover:text-red-400" onClick={() => setDeleting(chosen)}>
                <Trash2Icon aria-hidden />
                Delete
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Map())}>
                <XIcon aria-hidden />
                Clear selection
              </Button>
            </div>
          )}
          {documents.isError ? (
            <p className="px-4 py-10 text-center text-sm text-destructive" role="alert">
              Failed to load documents. Please try again.
            </p>
          ) : (
            <DocumentsTable
              documents={items}
              loading={documents.isPending}
              empty={debouncedSearch ? `No documents match "${debouncedSearch}".` : 'No documents yet. Upload a PDF to get started.'}
              order={order}
              onSort={sortBy}
              selected={selected}
              onSelect={select}
              onPreview={setPreviewing}
              onDownload={(doc) => void downloadDocument(doc)}
              onDelete={(doc) => setDeleting([doc])}
            />
          )}
          {!documents.isError && totalPages > 1 && (
            <div className="border-t p-3">
              <DocumentsPagination page={Math.min(page, totalPages)} totalPages={totalPages} onPage={setPage} />
            </div>
          )}
        </section>
      </div>
      <PreviewDialog document={previewing} onClose={() => setPreviewing(undefined)} />
      <DeleteDocumentDialog documents={deleting} onClose={() => setDeleting([])} onDeleted={() => setSelected(new Map())} />
    </>
  );
}
