import { FileTextIcon, SearchIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatBytes } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { useDocuments } from '@/features/documents/api/documents';
import type { DocumentItem } from '@wattle/shared';
import { formatDate } from '@/lib/dates';

interface StoredDocumentsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many more documents may be picked. */
  max: number;
  /** Ids already chosen, shown ticked and not offered twice. */
  chosenIds: readonly string[];
  onPick: (documents: DocumentItem[]) => void;
}

/** Picks documents from My Documents as inputs (sent as fileIds, never downloaded and re-uploaded). */
export function StoredDocumentsDialog({ open, onOpenChange, ...props }: StoredDocumentsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] flex-col gap-4 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Choose from My Documents</DialogTitle>
          <DialogDescription>{props.max === 1 ? 'Pick one document.' : `Pick up to ${props.max} documents.`}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so the list is read when someone actually looks for a document. */}
        <Picker {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const SEARCH_DEBOUNCE_MS = 300;

function Picker({ max, chosenIds, onPick, onClose }: Omit<StoredDocumentsDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<string, DocumentItem>>(new Map());
  const query = useDocuments(page, search);
  const { locale, timeZone } = usePreferences();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const toggle = (doc: DocumentItem) => {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(doc.id)) next.delete(doc.id);
      else if (max === 1) return new Map([[doc.id, doc]]);
      else if (next.size < max) next.set(doc.id, doc);
      return next;
    });
  };

  const documents = query.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / (query.data?.pageSize ?? 10)));

  return (
    <>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Search documents" aria-label="Search documents" className="pl-9" />
      </div>
      <ul className="-mx-1 min-h-40 flex-1 space-y-1 overflow-y-auto px-1" aria-label="Your documents">
        {query.isPending &&
          Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-14 w-full" />
            </li>
          ))}
        {query.isError && <li className="py-8 text-center text-sm text-destructive">Failed to load documents. Please try again.</li>}
        {query.isSuccess && documents.length === 0 && (
          <li className="py-8 text-center text-sm text-muted-foreground">{search ? 'No documents match your search.' : 'You have no documents yet.'}</li>
        )}
        {documents.map((doc) => {
          const already = chosenIds.includes(doc.id);
          return (
            <li key={doc.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-transparent px-3 py-2.5 hover:bg-accent has-[[data-state=checked]]:border-primary/30 has-[[data-state=checked]]:bg-primary/5 has-disabled:cursor-default has-disabled:opacity-60">
                <Checkbox checked={already || picked.has(doc.id)} disabled={already} onCheckedChange={() => toggle(doc)} aria-label={doc.filename} />
                <FileTextIcon className="size-5 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{doc.filename}</span>
                  <span className="block text-xs text-muted-foreground">
                    {formatBytes(doc.file_size)} · {formatDate(doc.uploaded_at, locale, timeZone)}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <div className="flex items-center justify-between text-sm">
          <Button variant="outline" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
            Previous
          </Button>
          <span className="text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
            Next
          </Button>
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={picked.size === 0}
          onClick={() => {
            onPick([...picked.values()]);
            onClose();
          }}
        >
          {picked.size > 1 ? `Add ${picked.size} documents` : 'Add document'}
        </Button>
      </DialogFooter>
    </>
  );
}
