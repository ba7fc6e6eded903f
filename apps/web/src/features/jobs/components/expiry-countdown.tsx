import { TimerIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useNow } from '../hooks/use-now';
import { expiryText } from '../lib/countdown';

/** "Deleted automatically in 59:12", ticking every second. */
export function ExpiryCountdown({ expiresAt, className }: { expiresAt: string; className?: string }) {
  const now = useNow();
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm text-muted-foreground tabular-nums', className)}>
      <TimerIcon className="size-4 shrink-0" aria-hidden />
      {expiryText(expiresAt, now)}
    </span>
  );
}
