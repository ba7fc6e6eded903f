import { LogOutIcon, SettingsIcon, UserRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { fullName, initials, useProfile } from '@/features/account/api/profile';
import { UserAvatar } from '@/features/account/components/user-avatar';
import { useSession } from '@/features/auth/session';

/** The header's avatar menu: Profile and Settings (and Sign Out). */
export function UserMenu() {
  const { user, signOut } = useSession();
  const { data: profile } = useProfile();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" aria-label={`Account menu ${initials(profile, user?.name)}`.trim()}>
        <UserAvatar profile={profile} fallbackName={user?.name} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{fullName(profile) || 'User'}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{profile?.email ?? user?.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard/profile">
            <UserRoundIcon />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/dashboard/settings">
            <SettingsIcon />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
