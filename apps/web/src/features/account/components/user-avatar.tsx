import { Avatar } from 'radix-ui';
import { cn } from '@/lib/utils';
import { initials } from '../api/profile';
import type { Profile } from '@wattle/shared';

/** The user's round picture, or their initials on the brand green while there is none. */
export function UserAvatar({
  profile,
  fallbackName = '',
  className,
  textClassName = 'text-sm',
}: {
  profile: Pick<Profile, 'first_name' | 'last_name' | 'avatar_url'> | undefined;
  fallbackName?: string;
  className?: string;
  textClassName?: string;
}) {
  return (
    <Avatar.Root className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full bg-secondary', className)}>
      {profile?.avatar_url && <Avatar.Image src={profile.avatar_url} alt="" className="aspect-square size-full object-cover" />}
      <Avatar.Fallback
        delayMs={profile?.avatar_url ? 400 : 0}
        className={cn('flex size-full items-center justify-center bg-eucalyptus-700 font-semibold text-white select-none', textClassName)}
      >
        {initials(profile, fallbackName)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
