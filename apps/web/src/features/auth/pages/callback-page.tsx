import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sanitizeReturnTarget } from '@wattle/shared/return-target';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { authErrorMessage, callbackErrorMessage } from '../lib/auth-errors';
import { INVALID_VERIFY_LINK_PATH, isFailedVerifyLink, resetTokenFrom, UPDATE_PASSWORD_PATH } from '../lib/flow';
import { refreshSession } from '../session';

/**
 * Spec section 2: where social sign-in, magic links, verification and reset links return. Reads the
 * session: signed in → "Welcome!" and on to the return target; none → sign-in; an error → toast, sign-in
 * (a verification link that no longer works is explained on the verify-email screen instead).
 */
export function CallbackPage() {
  useDocumentTitle('Authenticating...');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const params = new URLSearchParams(location.search);

    // A verification link that no longer works: say so, and offer sign-in or a new link.
    if (isFailedVerifyLink(location.search)) {
      void navigate(INVALID_VERIFY_LINK_PATH, { replace: true });
      return;
    }

    // A new email address confirmed from Settings → Security (the link the server sent there).
    const emailChange = params.get('link') === 'change-email';
    const error = params.get('error');
    if (error) {
      if (emailChange) toast({ title: 'Email not changed', description: 'This link has expired or has already been used.', variant: 'destructive' });
      else toast({ title: 'Error', description: callbackErrorMessage(error), variant: 'destructive' });
      void navigate('/auth/login', { replace: true });
      return;
    }

    // A reset link: the token travels on in memory, not in the address bar or history.
    const resetToken = resetTokenFrom(location.search);
    if (resetToken) {
      void navigate(UPDATE_PASSWORD_PATH, { replace: true, state: { token: resetToken } });
      return;
    }

    refreshSession(queryClient)
      .then((session) => {
        if (!session) return navigate('/auth/login', { replace: true });
        if (emailChange) toast({ title: 'Email changed', description: `You now sign in with ${session.user.email}.`, variant: 'success' });
        else toast({ title: 'Welcome!', description: 'Successfully signed in.', variant: 'success' });
        return navigate(sanitizeReturnTarget(params.get('next')), { replace: true });
      })
      .catch((err: unknown) => {
        toast({ title: 'Error', description: err instanceof Error && err.message ? authErrorMessage(err) : 'Authentication failed', variant: 'destructive' });
        return navigate('/auth/login', { replace: true });
      });
  }, [location.search, navigate, queryClient]);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background">
      <Spinner className="size-10 text-primary" />
      <p className="text-lg font-medium">Authenticating...</p>
    </div>
  );
}
