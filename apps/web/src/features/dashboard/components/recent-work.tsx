import { getTool, type DocumentItem } from '@wattle/shared';
import { DownloadIcon, EyeIcon, FileTextIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { downloadDocument, useDocuments } from '@/features/documents/api/documents';
import { EditDocumentButton } from '@/features/documents/components/edit-document-button';
import { useOutputs } from '@/features/jobs/api/outputs';
import { DownloadButton } from '@/features/jobs/components/output-actions';
import { useNow } from '@/features/jobs/hooks/use-now';
import { isExpired } from '@/features/jobs/lib/countdown';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { TOOL_ICONS } from '@/lib/tool-icons';

const SHOWN = 5;

/** The newest documents, each a click from its preview, download or editor. */
export function RecentDocuments({ onOpen }: { onOpen: (doc: DocumentItem) => void }) {
  const { data, isPending, isError } = useDocuments(1, '');
  const { locale, timeZone } = usePreferences();
  const documents = data?.items.slice(0, SHOWN) ?? [];
  return (
    <RecentCard title="Recent documents" description="Your newest PDFs in My Documents." more={{ to: '/dashboard/documents', label: 'All documents' }}>
      <RecentList pending={isPending} failed={isError} empty="No documents yet. Upload a PDF to keep it here.">
        {documents.map((doc) => (
          <RecentRow key={doc.id} icon={FileTextIcon} iconClassName="bg-primary/10" name={doc.filename} detail={formatDateTime(doc.uploaded_at, locale, timeZone)}>
            <Button variant="ghost" size="icon" className="size-8" onClick={() => onOpen(doc)} aria-label={`Open ${doc.filename}`} title="Open">
              <EyeIcon aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" className="size-8" onClick={() => void downloadDocument(doc)} aria-label={`Download ${doc.filename}`} title="Download">
              <DownloadIcon aria-hidden />
            </Button>
            <EditDocumentButton doc={doc} />
          </RecentRow>
        ))}
      </RecentList>
    </RecentCard>
  );
}

/** The newest tool results still kept, each a click from its download or the Downloads page. */
export function RecentResults() {
  const { data, isPending, isError } = useOutputs();
  const now = useNow(30_000);
  const outputs = (data ?? []).filter((o) => !isExpired(o.expiresAt, now)).slice(0, SHOWN);
  return (
    <RecentCard title="Recent results" description="What your tools made, until it is deleted automatically." more={{ to: '/dashboard/downloads', label: 'All downloads' }}>
      <RecentList pending={isPending} failed={isError} empty="No results right now. Run a tool and its result appears here.">
        {outputs.map((output) => {
          const tool = getTool(output.tool);
          const Icon = tool ? TOOL_ICONS[tool.id] : FileTextIcon;
          return (
            <RecentRow key={output.id} icon={Icon} iconClassName="bg-secondary" name={output.filename} detail={tool?.name ?? output.tool}>
              <DownloadButton output={output} variant="outline" />
            </RecentRow>
          );
        })}
      </RecentList>
    </RecentCard>
  );
}

function RecentCard({ title, description, more, children }: { title: string; description: string; more: { to: string; label: string }; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button asChild variant="link" size="sm" className="shrink-0 px-0">
          <Link to={more.to}>{more.label}</Link>
        </Button>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** One file in a recent list: its icon, its name (cut short with the whole of it on hover), one line about it, and its buttons. */
function RecentRow({ icon: Icon, iconClassName, name, detail, children }: { icon: LucideIcon; iconClassName: string; name: string; detail: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <span className={cn('grid size-9 shrink-0 place-items-center rounded-md text-primary', iconClassName)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium" title={name}>
          {name}
        </span>
        <span className="block text-xs text-muted-foreground">{detail}</span>
      </span>
      {children}
    </li>
  );
}

function RecentList({ pending, failed, empty, children }: { pending: boolean; failed: boolean; empty: string; children: ReactNode[] }) {
  if (pending) return <Skeleton className="h-24 w-full" />;
  if (failed) return <p className="text-sm text-destructive">This list could not be loaded. Please try again.</p>;
  if (children.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return <ul className="divide-y">{children}</ul>;
}
