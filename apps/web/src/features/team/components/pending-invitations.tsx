import type { TeamInvitation } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDate } from '@/lib/dates';
import { useInviteMember, useRevokeInvitation } from '../api/team';
import { ROLE_LABEL } from '../lib/roles';

/** Invitations not yet answered: send the mail again (a fresh link) or revoke it. */
export function PendingInvitations({ invitations }: { invitations: TeamInvitation[] }) {
  const { locale, timeZone } = usePreferences();
  const resend = useInviteMember();
  const revoke = useRevokeInvitation();
  const fail = (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' });

  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">No invitations waiting for an answer.</p>;
  return (
    <ul className="divide-y">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0">
            <p className="truncate font-medium">{invitation.email}</p>
            <p className="text-xs text-muted-foreground">
              {ROLE_LABEL[invitation.role]} · Expires {formatDate(invitation.expiresAt, locale, timeZone)}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Resend the invitation to ${invitation.email}`}
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(
                  { email: invitation.email, role: invitation.role, resend: true },
                  { onSuccess: () => toast({ title: 'Invitation sent again', description: `We emailed ${invitation.email} a new link.`, variant: 'success' }), onError: fail },
                )
              }
            >
              Resend
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Revoke the invitation to ${invitation.email}`}
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(invitation.id, {
                  onSuccess: () => toast({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.`, variant: 'success' }),
                  onError: fail,
                })
              }
            >
              Revoke
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
