import { MenuIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LogoMark } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { useProfile } from '@/features/account/api/profile';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { useSession } from '@/features/auth/session';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SpaceSwitcher } from '@/features/team/components/space-switcher';
import { formatLongDate } from '@/lib/dates';
import { chooseGreeting, dayRoll, greetingLine } from '../lib/greeting';
import { LocaleMenu } from './locale-menu';
import { UserMenu } from './user-menu';

/** The top bar: the greeting, the space switcher (Personal or a team), language and region, theme, the notification bell and the avatar menu. */
export function DashboardHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { user } = useSession();
  const { data: profile } = useProfile();
  const { locale, timeZone } = usePreferences();
  const now = new Date();
  const firstName = profile ? profile.first_name : user?.name.split(' ')[0];
  const greeting = greetingLine(chooseGreeting(now, timeZone, dayRoll(now, timeZone)), firstName);

  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="flex h-14 items-center gap-2 px-4 sm:h-16 sm:px-6 lg:px-8">
        <Button variant="ghost" size="icon" className="-ml-2 lg:hidden" onClick={onOpenMenu} aria-label="Open menu">
          <MenuIcon className="size-5" />
        </Button>
        <Link to="/dashboard" className="flex items-center sm:hidden" aria-label="Wattle PDF dashboard">
          <LogoMark className="size-7" />
        </Link>
        <div className="hidden min-w-0 flex-1 sm:block">
          <p className="truncate text-lg font-semibold tracking-tight" data-testid="greeting">
            {greeting}
          </p>
          <p className="truncate text-xs text-muted-foreground">{formatLongDate(now, locale, timeZone)}</p>
        </div>
        <SpaceSwitcher />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <LocaleMenu />
          <ThemeToggle />
          <NotificationBell />
          <div className="ml-1">
            <UserMenu />
          </div>
        </div>
      </div>
      {/* Phones: the greeting gets a line of its own under the controls. */}
      <p className="truncate px-4 pb-2.5 text-base font-semibold tracking-tight sm:hidden" aria-hidden="true">
        {greeting}
      </p>
    </header>
  );
}
