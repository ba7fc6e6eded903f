import { MailIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDate } from '@/lib/dates';
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations, type MyInvitation } from '../api/membership';
import { ROLE_IN_SENTENCE } from '../lib/roles';

/** Invitations addressed to the signed-in person (shown in any space, so one never goes unseen). */
export function MyInvitations() {
  const { data } = useMyInvitations();
  if (!data || data.length === 0) return null;
  return (
    <Card className="border-wattle/60">
      <SettingsCardHeader icon={MailIcon} title="Invitations to you" description="Join a team to share its documents and tools." />
      <CardContent>
        <ul className="divide-y">
          {data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: MyInvitation }) {
  const { locale, timeZone } = usePreferences();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  const fail = (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' });

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-medium break-words">{invitation.organizationName}</p>
        <p className="text-xs text-muted-foreground">
          As {ROLE_IN_SENTENCE[invitation.role]} · Expires {formatDate(invitation.expiresAt, locale, timeZone)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          disabled={busy}
          aria-label={`Accept the invitation to ${invitation.organizationName}`}
          onClick={() =>
            // mutateAsync: the invitation leaves this list before the switch to its team settles.
            accept.mutateAsync(invitation).then(
              () => toast({ title: 'Welcome to the team', description: `You are now working in ${invitation.organizationName}.`, variant: 'success' }),
              fail,
            )
          }
        >
          Accept
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={`Decline the invitation to ${invitation.organizationName}`}
          onClick={() =>
            decline.mutateAsync(invitation.id).then(() => toast({ title: 'Invitation declined', description: `You did not join ${invitation.organizationName}.` }), fail)
          }
        >
          Decline
        </Button>
      </div>
    </li>
  );
}
