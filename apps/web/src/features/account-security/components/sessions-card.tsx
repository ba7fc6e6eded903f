import { LaptopIcon, MonitorSmartphoneIcon, SmartphoneIcon, TabletIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent } from '@/components/ui/card';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { authErrorMessage } from '@/features/auth/lib/auth-errors';
import { useSession } from '@/features/auth/session';
import { formatDateTime } from '@/lib/dates';
import { useDeviceSessions, useRevokeOtherSessions, useRevokeSession, type DeviceSession } from '../api/sessions';
import { describeDevice, type DeviceKind } from '../lib/describe-session';

const ICONS: Record<DeviceKind, typeof LaptopIcon> = { mobile: SmartphoneIcon, tablet: TabletIcon, desktop: LaptopIcon };
const time = (value: string | Date) => new Date(value).getTime();

/** Where the account is signed in: this device first, then the most recently active. */
export function SessionsCard() {
  const { session: current } = useSession();
  const { data: sessions, isPending, isError } = useDeviceSessions();
  const revokeOthers = useRevokeOtherSessions();
  const ordered = [...(sessions ?? [])].sort((a, b) => Number(b.id === current?.id) - Number(a.id === current?.id) || time(b.updatedAt) - time(a.updatedAt));
  const others = ordered.filter((s) => s.id !== current?.id).length;

  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: () => toast({ title: 'Signed out everywhere else', description: 'Only this device is still signed in.', variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: authErrorMessage(error, 'request'), variant: 'destructive' }),
    });

  return (
    <Card>
      <SettingsCardHeader icon={MonitorSmartphoneIcon} title="Where you're signed in" description="Sign out a device you don't recognise, then change your password.">
        {others > 0 && (
          <CardAction>
            <Button variant="outline" size="sm" onClick={signOutOthers} disabled={revokeOthers.isPending}>
              {revokeOthers.isPending && <Spinner />}
              Sign out everywhere else
            </Button>
          </CardAction>
        )}
      </SettingsCardHeader>
      <CardContent>
        {isPending && <Skeleton className="h-16 w-full" />}
        {isError && <p className="text-sm text-muted-foreground">Your devices could not be listed. Please try again later.</p>}
        {sessions && (
          <ul className="divide-y" aria-label="Signed-in devices">
            {ordered.map((session) => (
              <SessionItem key={session.id} session={session} isCurrent={session.id === current?.id} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SessionItem({ session, isCurrent }: { session: DeviceSession; isCurrent: boolean }) {
  const { locale, timeZone } = usePreferences();
  const revoke = useRevokeSession();
  const device = describeDevice(session.userAgent);
  const Icon = ICONS[device.kind];

  const signOut = () =>
    revoke.mutate(session.token, {
      onSuccess: () => toast({ title: 'Device signed out', description: `${device.label} is no longer signed in.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: authErrorMessage(error, 'request'), variant: 'destructive' }),
    });

  return (
    <li className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0">
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device.label}
          {isCurrent && <Badge variant="secondary">This device</Badge>}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm text-muted-foreground">
          <dt>IP address</dt>
          <dd className="break-all">{session.ipAddress || 'Unknown'}</dd>
          <dt>Signed in</dt>
          <dd>{formatDateTime(session.createdAt, locale, timeZone)}</dd>
          <dt>Last active</dt>
          <dd>{formatDateTime(session.updatedAt, locale, timeZone)}</dd>
        </dl>
      </div>
      {!isCurrent && (
        <Button variant="outline" size="sm" onClick={signOut} disabled={revoke.isPending} aria-label={`Sign out ${device.label}`}>
          {revoke.isPending && <Spinner />}
          Sign out
        </Button>
      )}
    </li>
  );
}
