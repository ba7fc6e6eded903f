import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { DocumentsPagination } from '@/features/documents/components/documents-pagination';
import { formatDateTime } from '@/lib/dates';
import { TEAM_ACTIVITY_DAYS } from '@wattle/shared';
import { useTeamActivity } from '../api/team';
import { activityLine } from '../lib/activity';

/** Who did what and when in the team, newest first, a page at a time. */
export function ActivityTab() {
  const [page, setPage] = useState(1);
  const { data, isError, error } = useTeamActivity(page);
  const { locale, timeZone } = usePreferences();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Activity</h2>
        </CardTitle>
        <CardDescription>Uploads, edits, sharing and membership changes in the last {TEAM_ACTIVITY_DAYS} days.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isError ? (
          <p className="text-sm text-destructive">{error.message}</p>
        ) : !data ? (
          <Skeleton className="h-24 w-full" />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened in this team yet.</p>
        ) : (
          <ol className="divide-y" aria-label="Team activity">
            {data.items.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <p className="min-w-0 text-sm break-words">{activityLine(entry)}</p>
                <time dateTime={entry.at} className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {formatDateTime(entry.at, locale, timeZone)}
                </time>
              </li>
            ))}
          </ol>
        )}
        {data && <DocumentsPagination page={page} totalPages={Math.ceil(data.total / data.pageSize)} onPage={setPage} />}
      </CardContent>
    </Card>
  );
}
