import { formatBytes } from '@wattle/shared';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { storageLimitOf, useUsage } from '../api/documents';

/** How much of the account's storage its PDFs take. */
export function StorageBar() {
  const { data: usage, isPending } = useUsage();
  const limit = storageLimitOf(usage);
  const used = usage?.storage_used ?? 0;
  const percent = Math.min(100, (used / limit) * 100);
  return (
    <div className="rounded-xl border bg-card p-4 sm:p-5">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">Storage</span>
        {isPending ? (
          <Skeleton className="h-4 w-40" />
        ) : (
          <span className="text-muted-foreground tabular-nums" data-testid="storage-summary">
            {formatBytes(used)} of {formatBytes(limit)} used
          </span>
        )}
      </div>
      <Progress
        value={percent}
        aria-label="Storage used"
        indicatorClassName={percent >= 90 ? 'bg-destructive' : percent >= 75 ? 'bg-wattle' : undefined}
      />
    </div>
  );
}
