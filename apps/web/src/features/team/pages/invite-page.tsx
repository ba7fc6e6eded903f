import { CircleAlertIcon } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useSession } from '@/features/auth/session';
import { useAcceptInvitation, useDeclineInvitation, useInvitation } from '../api/membership';
import { invitationProblem } from '../lib/invitation-problem';
import { ROLE_IN_SENTENCE } from '../lib/roles';

/**
 * `/team/invite/:invitationId`: an invitation mail's link. Signed out, the invitation cannot be read
 * (only its addressee may), so sign-up and sign-in are offered; sign-in comes back here, and a new
 * account finds the invitation on its Team page and in the space switcher.
 */
export function InvitePage() {
  const { invitationId = '' } = useParams();
  const { session, user, isLoading } = useSession();
  if (isLoading) return <FullScreenSpinner />;
  if (!session) return <SignedOutInvite invitationId={invitationId} />;
  return <SignedInInvite invitationId={invitationId} email={user?.email ?? ''} />;
}

function SignedOutInvite({ invitationId }: { invitationId: string }) {
  const back = new URLSearchParams({ next: `/team/invite/${invitationId}` });
  return (
    <AuthLayout title="Team invitation" heading="Join your team" description="You have been invited to a team on Wattle PDF.">
      <p className="text-center text-sm text-muted-foreground">
        Create an account with the email address the invitation was sent to, or sign in if you have one. Then accept it here, or on your Team page.
      </p>
      <div className="grid gap-3">
        <Button asChild>
          <Link to={`/auth/signup?${back}`}>Create an account</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/auth/login?${back}`}>Sign in</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}

function SignedInInvite({ invitationId, email }: { invitationId: string; email: string }) {
  const navigate = useNavigate();
  const { data: invitation, isError, error } = useInvitation(invitationId, true);
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const fail = (failure: Error) => toast({ title: 'Error', description: failure.message, variant: 'destructive' });

  if (isError) {
    const problem = invitationProblem(error, email);
    return (
      <AuthLayout title="Team invitation" heading="This invitation cannot be used">
        <Alert>
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{problem.title}</AlertTitle>
          <AlertDescription>{problem.detail}</AlertDescription>
        </Alert>
        <Button asChild variant="outline">
          <Link to="/dashboard">Go to your dashboard</Link>
        </Button>
      </AuthLayout>
    );
  }
  if (!invitation) {
    return (
      <AuthLayout title="Team invitation" heading="Team invitation">
        <Spinner className="mx-auto size-8" label="Opening the invitation" />
      </AuthLayout>
    );
  }

  const busy = accept.isPending || decline.isPending;
  return (
    <AuthLayout title="Team invitation" heading={`Join ${invitation.organizationName}`} description={`${invitation.inviterEmail} invited you to join as ${ROLE_IN_SENTENCE[invitation.role]}.`}>
      <p className="text-center text-sm text-muted-foreground">
        You will share the team’s documents, tools and share links, and can switch between the team and your personal space at any time. Signed in as {email}.
      </p>
      <div className="grid gap-3">
        <Button
          type="button"
          disabled={busy}
          onClick={() =>
            // mutateAsync: accepting leaves this page for the team's My Documents before it settles.
            accept.mutateAsync(invitation).then(
              () => toast({ title: 'Welcome to the team', description: `You are now working in ${invitation.organizationName}.`, variant: 'success' }),
              fail,
            )
          }
        >
          Accept invitation
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() =>
            decline.mutateAsync(invitation.id).then(async () => {
              toast({ title: 'Invitation declined', description: `You did not join ${invitation.organizationName}.` });
              await navigate('/dashboard', { replace: true });
            }, fail)
          }
        >
          Decline
        </Button>
      </div>
    </AuthLayout>
  );
}
