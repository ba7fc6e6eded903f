import {
  BellIcon,
  BellOffIcon,
  CheckCheckIcon,
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  FileCheckIcon,
  FileXIcon,
  LayersIcon,
  PartyPopperIcon,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDateTime, timeAgo } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';
import type { Notification } from '@wattle/shared';

const ICONS: Record<string, LucideIcon> = { welcome: PartyPopperIcon, 'job.finished': FileCheckIcon, 'job.failed': FileXIcon, 'batch.finished': LayersIcon };

export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useNotifications(page);
  const { data: unread = 0 } = useUnreadCount();
  const markAll = useMarkAllRead();
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <>
      <PageHeader
        title="Notifications"
        description={unread === 0 ? 'You are all caught up.' : `${unread} unread ${unread === 1 ? 'notification' : 'notifications'}`}
        actions={
          <Button
            variant="outline"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: () => toast({ title: 'Error', description: 'Failed to update notifications.', variant: 'destructive' }) })}
          >
            <CheckCheckIcon />
            Mark all as read
          </Button>
        }
      />
      <Card className="gap-0 overflow-hidden py-0">
        {isPending ? (
          <ul className="divide-y">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex gap-4 p-5">
                <Skeleton className="size-10 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-4 w-2/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : isError ? (
          <div className="p-10 text-center text-sm text-muted-foreground">
            Failed to load notifications.{' '}
            <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
              <BellOffIcon className="size-6" aria-hidden="true" />
            </span>
            <p className="font-medium">No notifications yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">We will let you know here when your files finish processing and when there is news about your account.</p>
          </div>
        ) : (
          <ul className="divide-y" aria-label="Notifications">
            {data.items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} />
            ))}
          </ul>
        )}
      </Card>
      {data && pages > 1 && (
        <nav className="mt-4 flex items-center justify-between gap-2" aria-label="Notification pages">
          <p className="text-sm text-muted-foreground">
            Page {page} of {pages}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeftIcon />
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
              <ChevronRightIcon />
            </Button>
          </div>
        </nav>
      )}
    </>
  );
}

function NotificationRow({ notification }: { notification: Notification }) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const { locale, timeZone } = usePreferences();
  const Icon = ICONS[notification.type] ?? BellIcon;

  const open = () => {
    if (!notification.read) markRead.mutate(notification.id);
    if (notification.link) void navigate(notification.link);
  };

  return (
    <li className={cn('relative flex gap-4 p-4 sm:p-5', !notification.read && 'bg-secondary/40')} data-read={notification.read}>
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', notification.read ? 'bg-muted text-muted-foreground' : 'bg-wattle/25 text-primary')}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <button
            type="button"
            onClick={open}
            className="min-w-0 text-left font-medium outline-none after:absolute after:inset-0 hover:underline focus-visible:underline"
          >
            {!notification.read && <span className="sr-only">Unread: </span>}
            {notification.title}
          </button>
          {!notification.read && <span className="mt-2 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
        </div>
        {notification.body && <p className="mt-0.5 text-sm text-muted-foreground">{notification.body}</p>}
        <p className="mt-1 text-xs text-muted-foreground">
          <time dateTime={notification.created_at} title={formatDateTime(notification.created_at, locale, timeZone)}>
            {timeAgo(notification.created_at, new Date(), locale, timeZone)}
          </time>
        </p>
      </div>
      {!notification.read && (
        <Button
          variant="ghost"
          size="sm"
          className="relative z-10 shrink-0 self-center text-muted-foreground"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(notification.id)}
        >
          <CheckIcon />
          <span className="hidden sm:inline">Mark as read</span>
          <span className="sr-only sm:hidden">Mark as read</span>
        </Button>
      )}
    </li>
  );
}
