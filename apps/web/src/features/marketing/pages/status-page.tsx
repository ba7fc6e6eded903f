import { CircleCheckIcon, CircleXIcon, RefreshCwIcon } from 'lucide-react';
import { PageHero } from '@/components/public-page/page-hero';
import { Section } from '@/components/public-page/section';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useHealth, type Health } from '../api/health';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

const COMPONENTS: { id: 'database' | 'storage'; label: string; description: string }[] = [
  { id: 'database', label: 'Accounts and data', description: 'Sign-in, your dashboard and document lists' },
  { id: 'storage', label: 'Document storage', description: 'Uploads, downloads and processed files' },
];

export function StatusPage() {
  useDocumentTitle('System Status');
  const { data, isPending, isError, isFetching, refetch, dataUpdatedAt } = useHealth();
  // A degraded report, or no answer at all, means at least one part of the service is down.
  const operational = !isError && data?.status === 'ok';

  return (
    <>
      <PageHero title="System status" description="Live status of the Wattle PDF service, checked every minute." />
      <Section className="pt-12">
        <div className="mx-auto max-w-3xl space-y-6">
          <div
            role="status"
            className={cn(
              'flex flex-col gap-4 rounded-2xl border p-6 sm:flex-row sm:items-center sm:justify-between',
              isPending ? 'bg-card' : operational ? 'border-success/40 bg-success/10' : 'border-destructive/40 bg-destructive/10',
            )}
          >
            {isPending ? (
              <Skeleton className="h-7 w-64" />
            ) : (
              <div className="flex items-center gap-3">
                {operational ? (
                  <CircleCheckIcon className="size-7 text-success" aria-hidden="true" />
                ) : (
                  <CircleXIcon className="size-7 text-destructive" aria-hidden="true" />
                )}
                <p className="text-xl font-semibold">{operational ? 'All systems operational' : 'Some services are having problems'}</p>
              </div>
            )}
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              <RefreshCwIcon className={cn(isFetching && 'animate-spin')} />
              Check again
            </Button>
          </div>

          <ul className="divide-y rounded-2xl border bg-card">
            {COMPONENTS.map((component) => (
              <ComponentRow key={component.id} label={component.label} description={component.description} state={componentState(data, isError, component.id)} loading={isPending} />
            ))}
          </ul>

          {!isPending && (
            <p className="text-center text-sm text-muted-foreground">
              Last checked {new Date(dataUpdatedAt || Date.now()).toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit' })}
              {data?.version && <> · Version {data.version}</>}
            </p>
          )}
        </div>
      </Section>
    </>
  );
}

function componentState(data: Health | undefined, isError: boolean, key: 'database' | 'storage'): 'up' | 'down' | 'unknown' {
  if (data) return data[key];
  return isError ? 'unknown' : 'up';
}

function ComponentRow({ label, description, state, loading }: { label: string; description: string; state: 'up' | 'down' | 'unknown'; loading: boolean }) {
  const text = state === 'up' ? 'Operational' : state === 'down' ? 'Outage' : 'Unknown';
  return (
    <li className="flex items-center justify-between gap-4 p-5">
      <div>
        <p className="font-medium">{label}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {loading ? (
        <Skeleton className="h-5 w-24" />
      ) : (
        <span className={cn('flex items-center gap-2 text-sm font-medium', state === 'up' ? 'text-success' : state === 'down' ? 'text-destructive' : 'text-muted-foreground')}>
          <span className={cn('size-2.5 rounded-full', state === 'up' ? 'bg-success' : state === 'down' ? 'bg-destructive' : 'bg-muted-foreground')} aria-hidden="true" />
          {text}
        </span>
      )}
    </li>
  );
}
