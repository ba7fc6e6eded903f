import { CheckIcon, GlobeIcon } from 'lucide-react';
import { LOCALES } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast';
import { useProfile, useUpdateProfile } from '@/features/account/api/profile';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import type { ProfileUpdate } from '@wattle/shared';
import { browserTimeZone } from '@/lib/time-zone';

/** Australian and New Zealand zones by the places people know them by. */
const TIME_ZONES = [
  { id: 'Australia/Sydney', label: 'Sydney, Canberra' },
  { id: 'Australia/Melbourne', label: 'Melbourne' },
  { id: 'Australia/Brisbane', label: 'Brisbane' },
  { id: 'Australia/Adelaide', label: 'Adelaide' },
  { id: 'Australia/Darwin', label: 'Darwin' },
  { id: 'Australia/Perth', label: 'Perth' },
  { id: 'Australia/Hobart', label: 'Hobart' },
  { id: 'Pacific/Auckland', label: 'Auckland, Wellington' },
];

/** The header's language and region control: the locale dates are written in, and the user's time zone. */
export function LocaleMenu() {
  const { data: profile } = useProfile();
  const { locale, timeZone } = usePreferences();
  const update = useUpdateProfile();
  const device = browserTimeZone();
  const zones = TIME_ZONES.some((z) => z.id === device) ? TIME_ZONES : [...TIME_ZONES, { id: device, label: `${device.replace(/_/g, ' ')} (this device)` }];
  if (!zones.some((z) => z.id === timeZone)) zones.push({ id: timeZone, label: timeZone.replace(/_/g, ' ') });

  const save = (change: ProfileUpdate) =>
    update.mutate(change, {
      onSuccess: () => toast({ title: 'Settings updated', description: 'Your settings have been updated successfully.', variant: 'success' }),
      onError: () => toast({ title: 'Error', description: 'There was an error updating your settings.', variant: 'destructive' }),
    });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="h-9 gap-1.5 rounded-full px-2.5 text-muted-foreground" aria-label={`Language and region: ${locale}`}>
          <GlobeIcon className="size-5" />
          <span className="hidden text-xs font-semibold tracking-wide sm:inline">{locale.toUpperCase()}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="text-xs text-muted-foreground">Language</DropdownMenuLabel>
        {LOCALES.map((option) => (
          <DropdownMenuItem key={option.id} disabled={!profile} onSelect={() => option.id !== locale && save({ locale: option.id })}>
            <CheckIcon className={option.id === locale ? 'opacity-100' : 'opacity-0'} />
            {option.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs text-muted-foreground">Time zone</DropdownMenuLabel>
        {zones.map((zone) => (
          <DropdownMenuItem key={zone.id} disabled={!profile} onSelect={() => zone.id !== timeZone && save({ time_zone: zone.id })}>
            <CheckIcon className={zone.id === timeZone ? 'opacity-100' : 'opacity-0'} />
            {zone.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <p className="px-2 py-1.5 text-xs text-muted-foreground">Dates are shown as DD/MM/YYYY.</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
