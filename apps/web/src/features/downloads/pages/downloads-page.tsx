import { getTool } from '@wattle/shared';
import { DownloadIcon, FileIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { formatBytes } from '@wattle/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { useDeleteOutput, useOutputs } from '@/features/jobs/api/outputs';
import type { ListedOutput } from '@wattle/shared';
import { ExpiryCountdown } from '@/features/jobs/components/expiry-countdown';
import { cn } from '@/lib/utils';
import { canSaveOutput, DownloadButton, SaveOutputButton, ShareOutputButton } from '@/features/jobs/components/output-actions';
import { useNow } from '@/features/jobs/hooks/use-now';
import { isExpired } from '@/features/jobs/lib/countdown';
import { formatDateTime } from '@/lib/dates';

/** `/dashboard/downloads`: the account's recent results until they are deleted automatically. */
export function DownloadsPage() {
  const { data, isPending, isError } = useOutputs();
  const now = useNow(5000);
  const outputs = (data ?? []).filter((o) => !isExpired(o.expiresAt, now));

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Downloads" description="Results from your tools and batches. Each one is deleted automatically when its time runs out; save the ones you want to keep." />

      {isPending && (
        <div className="space-y-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      )}
      {isError && <p className="text-destructive">Failed to load your downloads. Please try again.</p>}
      {data && outputs.length === 0 && (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-primary/10 text-primary">
            <DownloadIcon className="size-7" aria-hidden />
          </span>
          <div>
            <p className="font-semibold">No downloads right now</p>
            <p className="mt-1 text-sm text-muted-foreground">Results of the tools you run appear here until they are deleted automatically.</p>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/tools">Open PDF tools</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/batch">Batch Process</Link>
            </Button>
          </div>
        </div>
      )}
      {outputs.length > 0 && (
        <ul className="divide-y overflow-hidden rounded-xl border bg-card shadow-sm" aria-label="Downloads">
          {outputs.map((output) => (
            <DownloadRow key={output.id} output={output} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DownloadRow({ output }: { output: ListedOutput }) {
  const remove = useDeleteOutput();
  const [confirming, setConfirming] = useState(false);
  const { locale, timeZone } = usePreferences();
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
          <FileIcon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium" title={output.filename}>
            {output.filename}
          </p>
          <p className="text-sm text-muted-foreground">
            {getTool(output.tool)?.name ?? output.tool} · {formatBytes(output.size)} · {formatDateTime(output.createdAt, locale, timeZone)}
          </p>
          <ExpiryCountdown expiresAt={output.expiresAt} className="mt-0.5 text-xs" />
        </div>
      </div>
      <div className={cn('grid gap-2 sm:flex sm:justify-end', canSaveOutput(output) ? 'grid-cols-[1fr_1fr_1fr_auto]' : 'grid-cols-[1fr_auto]')}>
        {canSaveOutput(output) && <SaveOutputButton output={output} savedDocumentId={output.savedDocumentId} />}
        {canSaveOutput(output) && <ShareOutputButton output={output} />}
        <DownloadButton output={output} variant="outline" />
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground hover:text-destructive"
          aria-label={`Delete ${output.filename}`}
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          <Trash2Icon />
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this file?"
          description={`“${output.filename}” will be deleted now instead of when its time runs out. This action cannot be undone.`}
          action="Delete"
          onConfirm={() => remove.mutate(output.id)}
        />
      </div>
    </li>
  );
}
