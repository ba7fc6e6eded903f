import { BellIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useUnreadCount } from '../api/notifications';

/** The header bell: the exact unread count on a badge (99+ past 99), opening /dashboard/notifications. */
export function NotificationBell({ className }: { className?: string }) {
  const { data: count = 0 } = useUnreadCount();
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  return (
    <Button asChild variant="ghost" size="icon" className={cn('relative rounded-full', className)}>
      <Link to="/dashboard/notifications" aria-label={label} title={label}>
        <BellIcon className="size-5" />
        {count > 0 && (
          <span
            data-testid="unread-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-background tabular-nums"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Link>
    </Button>
  );
}
