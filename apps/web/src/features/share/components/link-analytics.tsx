import { useState } from 'react';
import type { LinkAnalytics } from '@wattle/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { DocumentsPagination } from '@/features/documents/components/documents-pagination';
import { formatDateTime } from '@/lib/dates';
import { useLinkAnalytics, useLinkVisits } from '../api/links';
import { formatDuration } from '../lib/duration';

/** A link's readership: totals, time on each page, and each visit. */
export function LinkAnalyticsPanel({ linkId }: { linkId: string }) {
  const analytics = useLinkAnalytics(linkId);
  if (analytics.isPending) return <Skeleton className="h-40 w-full" />;
  if (analytics.isError) return <p className="text-sm text-destructive">The figures could not be loaded. Please try again.</p>;
  const { visits, uniqueViewers, totalMs, pages } = analytics.data;
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-3 gap-3 text-center">
        <Figure label="Visits" value={visits.toLocaleString('en-AU')} />
        <Figure label="Unique viewers" value={uniqueViewers.toLocaleString('en-AU')} />
        <Figure label="Total time" value={formatDuration(totalMs)} />
      </dl>
      <section aria-labelledby={`pages-${linkId}`} className="grid gap-2">
        <h3 id={`pages-${linkId}`} className="text-sm font-medium">
          Time on each page
        </h3>
        {pages.length === 0 ? <p className="text-sm text-muted-foreground">No page has been read yet.</p> : <PageTimes pages={pages} />}
      </section>
      <VisitList linkId={linkId} />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

const BAR_WIDTH = 24;
const GAP = 8;
const CHART_HEIGHT = 120;

/** Bars drawn in plain SVG; the same figures follow as a table for screen readers and for reading exactly. */
function PageTimes({ pages }: { pages: LinkAnalytics['pages'] }) {
  const longest = Math.max(...pages.map((p) => p.ms), 1);
  const width = pages.length * (BAR_WIDTH + GAP);
  return (
    <>
      <div className="overflow-x-auto">
        <svg aria-hidden="true" width={width} height={CHART_HEIGHT + 20} viewBox={`0 0 ${width} ${CHART_HEIGHT + 20}`} className="text-wattle">
          {pages.map((p, i) => {
            const height = Math.max(2, Math.round((p.ms / longest) * CHART_HEIGHT));
            const x = i * (BAR_WIDTH + GAP);
            return (
              <g key={p.page}>
                <title>{`Page ${p.page}: ${formatDuration(p.ms)}`}</title>
                <rect x={x} y={CHART_HEIGHT - height} width={BAR_WIDTH} height={height} rx={3} fill="currentColor" />
                <text x={x + BAR_WIDTH / 2} y={CHART_HEIGHT + 14} textAnchor="middle" className="fill-muted-foreground text-[10px]">
                  {p.page}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show as a table</summary>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Page</TableHead>
              <TableHead className="text-right">Time</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {pages.map((p) => (
              <TableRow key={p.page}>
                <TableCell>{p.page}</TableCell>
                <TableCell className="text-right tabular-nums">{formatDuration(p.ms)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </>
  );
}

const DEVICES = { desktop: 'Computer', tablet: 'Tablet', phone: 'Phone' } as const;

function VisitList({ linkId }: { linkId: string }) {
  const [page, setPage] = useState(1);
  const { locale, timeZone } = usePreferences();
  const visits = useLinkVisits(linkId, page);
  if (!visits.data) return visits.isError ? <p className="text-sm text-destructive">The visits could not be loaded.</p> : <Skeleton className="h-24 w-full" />;
  const { items, total, pageSize } = visits.data;
  return (
    <section aria-labelledby={`visits-${linkId}`} className="grid gap-2">
      <h3 id={`visits-${linkId}`} className="text-sm font-medium">
        Visits
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody has opened this link yet.</p>
      ) : (
        // Fixed columns: on a phone the row fits the screen (long addresses are cut short, the date wraps).
        <Table className="table-fixed">
          <TableHeader>
            <TableRow>
              <TableHead>Viewer</TableHead>
              <TableHead className="w-28 sm:w-48">Opened</TableHead>
              <TableHead className="hidden w-28 sm:table-cell">Device</TableHead>
              <TableHead className="w-20 text-right">Time</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((visit) => (
              <TableRow key={visit.id}>
                <TableCell className="truncate" title={visit.viewerEmail ?? undefined}>
                  {visit.viewerEmail ?? 'Anonymous viewer'}
                  {visit.country && <span className="text-muted-foreground"> · {visit.country}</span>}
                  {visit.downloaded && <span className="text-muted-foreground"> · downloaded</span>}
                </TableCell>
                <TableCell className="whitespace-normal sm:whitespace-nowrap">{formatDateTime(visit.startedAt, locale, timeZone)}</TableCell>
                <TableCell className="hidden sm:table-cell">{DEVICES[visit.device]}</TableCell>
                <TableCell className="text-right tabular-nums">{formatDuration(visit.totalMs)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <DocumentsPagination page={page} totalPages={Math.ceil(total / pageSize)} onPage={setPage} />
    </section>
  );
}
