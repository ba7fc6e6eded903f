import { CircleAlertIcon, CircleCheckIcon, FileArchiveIcon, LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { formatBytes, getTool } from '@wattle/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import type { Job, JobStatus } from '@wattle/shared';
import { ExpiryCountdown } from '@/features/jobs/components/expiry-countdown';
import { describeError } from '@/features/jobs/lib/job-errors';
import { cn } from '@/lib/utils';
import { useBatch } from '../api/batches';

const STATUS_LABEL: Record<JobStatus, string> = { queued: 'Queued', running: 'Running', succeeded: 'Done', failed: 'Failed' };

/** The running batch: overall progress, a row per document, and the ZIP once something succeeded. */
export function BatchProgress({ batchId, onStartNew }: { batchId: string; onStartNew: () => void }) {
  const { data: batch, isError } = useBatch(batchId);
  if (isError) return <p className="text-destructive">The batch could not be loaded. Please try again.</p>;
  if (!batch) return <Skeleton className="h-64 w-full" />;
  const finished = batch.status === 'succeeded' || batch.status === 'failed';
  const { counts } = batch;

  return (
    <section aria-label="Batch progress" className="space-y-4">
      <div className="space-y-4 rounded-xl border bg-card p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 className="font-semibold">
              {getTool(batch.tool)?.name ?? batch.tool} · {counts.total} document{counts.total === 1 ? '' : 's'}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
              {finished
                ? `Finished: ${counts.succeeded} done${counts.failed ? `, ${counts.failed} failed` : ''}.`
                : `${counts.succeeded + counts.failed} of ${counts.total} finished${counts.running ? `, ${counts.running} running` : ''}.`}
            </p>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            {finished && counts.succeeded > 0 ? (
              <Button asChild className="flex-1 sm:flex-none">
                <a href={batch.zipUrl} download>
                  <FileArchiveIcon /> Download all (ZIP)
                </a>
              </Button>
            ) : (
              <Button disabled className="flex-1 sm:flex-none">
                <FileArchiveIcon /> Download all (ZIP)
              </Button>
            )}
            <Button variant="outline" onClick={onStartNew} className="flex-1 sm:flex-none">
              <PlusIcon /> New batch
            </Button>
          </div>
        </div>
        <Progress value={finished ? 100 : batch.progress} aria-label="Batch progress" />
        {finished && counts.succeeded > 0 && <ExpiryCountdown expiresAt={batch.expiresAt} />}
      </div>

      <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <div className="hidden grid-cols-[minmax(0,1fr)_110px_140px_minmax(0,1fr)] gap-4 border-b bg-muted/40 px-4 py-2.5 text-xs font-medium text-muted-foreground uppercase sm:grid">
          <span>File</span>
          <span>Status</span>
          <span>Progress</span>
          <span>Result</span>
        </div>
        <ul className="divide-y">
          {batch.jobs.map((job) => (
            <BatchRow key={job.id} job={job} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function BatchRow({ job }: { job: Job }) {
  const name = job.inputs[0]?.filename ?? 'Document';
  return (
    <li className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_110px_140px_minmax(0,1fr)] sm:items-center sm:gap-4">
      <span className="truncate font-medium" title={name}>
        {name}
      </span>
      <span className="flex items-center gap-3 sm:contents">
        <StatusBadge status={job.status} />
        <Progress value={job.status === 'queued' ? 0 : job.status === 'running' ? job.progress : 100} className="flex-1" indicatorClassName={job.status === 'failed' ? 'bg-destructive' : undefined} aria-label={`${name} progress`} />
      </span>
      <span className="min-w-0">
        {job.status === 'succeeded' &&
          job.outputs.map((output) => (
            <a key={output.id} href={output.downloadUrl} download={output.filename} className="block truncate font-medium text-primary underline-offset-4 hover:underline" title={output.filename}>
              {output.filename} <span className="font-normal text-muted-foreground">({formatBytes(output.size)})</span>
            </a>
          ))}
        {job.status === 'failed' && job.error && <span className="text-destructive">{describeError(job.error).message}</span>}
        {(job.status === 'queued' || job.status === 'running') && <span className="text-muted-foreground">–</span>}
      </span>
    </li>
  );
}

function StatusBadge({ status }: { status: JobStatus }) {
  const Icon = status === 'succeeded' ? CircleCheckIcon : status === 'failed' ? CircleAlertIcon : LoaderCircleIcon;
  return (
    <Badge
      variant="outline"
      className={cn(
        'w-24 justify-start gap-1.5',
        status === 'succeeded' && 'border-success/40 text-success',
        status === 'failed' && 'border-destructive/40 text-destructive',
      )}
    >
      <Icon className={cn(status === 'running' && 'animate-spin')} aria-hidden />
      {STATUS_LABEL[status]}
    </Badge>
  );
}
