import { HomeIcon, LogOutIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { fullName, useProfile } from '@/features/account/api/profile';
import { UserAvatar } from '@/features/account/components/user-avatar';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { useSession } from '@/features/auth/session';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { isNavItemActive, NAV_ITEMS } from './nav-items';

interface SidebarProps {
  /** Icons only (desktop, collapsed). */
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
}

/** The dashboard's navigation: brand, the spec's entries, and the account block at the bottom. */
export function SidebarContent({ collapsed = false, onToggleCollapsed }: SidebarProps) {
  const location = useLocation();
  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex h-16 shrink-0 items-center gap-2 border-b border-border px-4', collapsed && 'justify-center px-2')}>
        <Link to="/dashboard" className="flex min-w-0 items-center gap-2 rounded-md font-semibold tracking-tight" aria-label="Wattle PDF dashboard">
          <LogoMark />
          {!collapsed && <span className="truncate text-lg">Wattle PDF</span>}
        </Link>
        {onToggleCollapsed && !collapsed && (
          <Button variant="ghost" size="icon" className="ml-auto size-8 text-muted-foreground" onClick={onToggleCollapsed} aria-label="Collapse sidebar" title="Collapse sidebar">
            <PanelLeftCloseIcon />
          </Button>
        )}
      </div>

      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-0.5">
          {NAV_ITEMS.map((item) => {
            const active = isNavItemActive(item, location);
            const link = (
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'group flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  active && 'bg-secondary text-secondary-foreground hover:bg-secondary',
                  collapsed && 'justify-center px-0',
                )}
              >
                <item.icon className={cn('size-4 shrink-0', active ? 'text-primary' : 'text-muted-foreground group-hover:text-foreground')} aria-hidden="true" />
                {collapsed ? <span className="sr-only">{item.label}</span> : <span className="truncate">{item.label}</span>}
              </Link>
            );
            return <li key={item.to}>{collapsed ? <WithTooltip label={item.label}>{link}</WithTooltip> : link}</li>;
          })}
        </ul>
      </nav>

      {onToggleCollapsed && collapsed && (
        <div className="flex justify-center pb-2">
          <WithTooltip label="Expand sidebar">
            <Button variant="ghost" size="icon" className="text-muted-foreground" onClick={onToggleCollapsed} aria-label="Expand sidebar">
              <PanelLeftOpenIcon />
            </Button>
          </WithTooltip>
        </div>
      )}
      <AccountBlock collapsed={collapsed} />
    </div>
  );
}

/** Avatar, full name or "User", email, last login, Return Home and Sign Out. */
function AccountBlock({ collapsed }: { collapsed: boolean }) {
  const { user, signOut } = useSession();
  const { data: profile } = useProfile();
  const { locale, timeZone } = usePreferences();
  const name = fullName(profile) || 'User';
  const email = profile?.email ?? user?.email ?? '';
  const lastLogin = profile?.last_login_at;

  if (collapsed) {
    return (
      <div className="grid justify-items-center gap-1 border-t border-border px-2 py-3">
        <WithTooltip label={name}>
          <Link to="/dashboard/profile" aria-label="Profile" className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <UserAvatar profile={profile} fallbackName={user?.name} />
          </Link>
        </WithTooltip>
        <WithTooltip label="Return Home">
          <Button asChild variant="ghost" size="icon" className="text-muted-foreground">
            <Link to="/" aria-label="Return Home">
              <HomeIcon />
            </Link>
          </Button>
        </WithTooltip>
        <WithTooltip label="Sign Out">
          <Button variant="ghost" size="icon" className="text-muted-foreground" onClick={() => void signOut()} aria-label="Sign Out">
            <LogOutIcon />
          </Button>
        </WithTooltip>
      </div>
    );
  }

  return (
    <div className="border-t border-border p-3">
      <div className="flex items-center gap-3 rounded-lg px-1 py-2">
        <UserAvatar profile={profile} fallbackName={user?.name} className="size-10" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold" data-testid="sidebar-name">
            {name}
          </p>
          <p className="truncate text-xs text-muted-foreground">{email}</p>
          {lastLogin && (
            <p className="truncate text-xs text-muted-foreground">
              Last login <time dateTime={lastLogin}>{formatDate(lastLogin, locale, timeZone)}</time>
            </p>
          )}
        </div>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/">
            <HomeIcon />
            Return Home
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={() => void signOut()}>
          <LogOutIcon />
          Sign Out
        </Button>
      </div>
    </div>
  );
}

function WithTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
