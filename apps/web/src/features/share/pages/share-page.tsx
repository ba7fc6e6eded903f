import { LinkIcon, PlusIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { getToolFamily, type DocumentItem } from '@wattle/shared';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ToolFamilySections } from '@/features/dashboard/components/tool-family-sections';
import { DocumentsPagination } from '@/features/documents/components/documents-pagination';
import { StoredDocumentsDialog } from '@/features/jobs/components/stored-documents-dialog';
import { useLinks } from '../api/links';
import { LinkCard } from '../components/link-card';
import { LinkDialog } from '../components/link-dialog';

/** Every share link of the account: status, views, settings; copy, edit, revoke, delete, analytics. */
export function SharePdfsPage() {
  const [page, setPage] = useState(1);
  const links = useLinks(page);
  const [picking, setPicking] = useState(false);
  const [document, setDocument] = useState<DocumentItem>();

  return (
    <div>
      <PageHeader
        title="Share PDFs"
        description="Send a document with a secure link: set a password, an expiry or an email check, and see who read which pages."
        actions={
          <Button onClick={() => setPicking(true)}>
            <PlusIcon />
            New link
          </Button>
        }
      />
      {links.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : links.isError ? (
        <p className="text-sm text-destructive">Your links could not be loaded. Please try again.</p>
      ) : links.data.items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <LinkIcon className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No share links yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Create a link to any PDF in My Documents. Viewers need no account, and the document stays on our Australian servers.
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => setPicking(true)}>
                <PlusIcon />
                New link
              </Button>
              <Button variant="outline" asChild>
                <RouterLink to="/dashboard/documents">My Documents</RouterLink>
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-3">
          {links.data.items.map((link) => (
            <LinkCard key={link.id} link={link} />
          ))}
          <DocumentsPagination page={page} totalPages={Math.ceil(links.data.total / links.data.pageSize)} onPage={setPage} />
        </div>
      )}
      <div className="mt-10">
        <ToolFamilySections family={getToolFamily('share')} icon={ShieldCheckIcon} />
      </div>
      <StoredDocumentsDialog open={picking} onOpenChange={setPicking} max={1} chosenIds={[]} onPick={([picked]) => setDocument(picked)} />
      <LinkDialog open={Boolean(document)} onOpenChange={(open) => !open && setDocument(undefined)} document={document} />
    </div>
  );
}
