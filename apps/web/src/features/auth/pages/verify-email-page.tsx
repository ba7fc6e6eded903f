import { MailCheckIcon, MailWarningIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { emailOnlySchema } from '@wattle/shared/validation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { AuthLayout } from '../components/auth-layout';
import { authErrorMessage } from '../lib/auth-errors';
import { isVerifyEmailState, type VerifyEmailState } from '../lib/flow';
import { resend } from '../lib/requests';
import { BackToSignIn } from '../components/back-to-sign-in';

/** Seconds before "Resend" can be pressed again; the server limits it too. */
const RESEND_COOLDOWN_S = 30;

const COPY: Record<VerifyEmailState['kind'], { sent: string; sentToast: string; errorToast: string }> = {
  signup: { sent: 'We sent a verification link to {email}. Click the link to verify your email address and sign in.', sentToast: 'Verification email sent!', errorToast: 'Error sending verification email' },
  'magic-link': { sent: 'We sent a sign-in link to {email}. Click the link to sign in; it works once.', sentToast: 'Magic link sent!', errorToast: 'Error sending magic link' },
  reset: { sent: 'We sent a password reset link to {email}. Click the link to choose a new password.', sentToast: 'Reset link sent!', errorToast: 'Error resetting password' },
};

/** A verification link that no longer works (see INVALID_VERIFY_LINK_PATH): resend never says whether the address has an account. */
const INVALID_LINK = {
  heading: 'Link no longer valid',
  body: 'This verification link has already been used or has expired.',
  next: "If you've already verified your email address, sign in. If not, enter your email address and we'll send you a new verification link.",
  resend: 'Resend verification email',
};

export function VerifyEmailPage() {
  const location = useLocation();
  const linkInvalid = new URLSearchParams(location.search).get('link') === 'invalid';
  const fromState = !linkInvalid && isVerifyEmailState(location.state) ? location.state : null;
  const [email, setEmail] = useState(fromState?.email ?? '');
  const kind = fromState?.kind ?? 'signup';
  const [sending, setSending] = useState(false);
  const [cooldown, setCooldown] = useState(fromState ? RESEND_COOLDOWN_S : 0);
  const [emailError, setEmailError] = useState<string | null>(null);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const onResend = async () => {
    const parsed = emailOnlySchema.safeParse({ email });
    if (!parsed.success) return setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
    setEmailError(null);
    setSending(true);
    const error = await resend({ email: parsed.data.email, kind });
    setSending(false);
    if (error) {
      toast({ title: COPY[kind].errorToast, description: authErrorMessage(error, 'request'), variant: 'destructive' });
      return;
    }
    setCooldown(RESEND_COOLDOWN_S);
    toast({ title: COPY[kind].sentToast, description: 'Please check your inbox.', variant: 'success' });
  };

  const [before, after] = COPY[kind].sent.split('{email}');
  const heading = linkInvalid ? INVALID_LINK.heading : 'Check your email';
  const Icon = linkInvalid ? MailWarningIcon : MailCheckIcon;
  return (
    <AuthLayout title={heading} heading={heading}>
      <div className="flex flex-col items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-7" aria-hidden="true" />
        </div>
        {linkInvalid ? (
          <>
            <p role="status" className="text-sm font-medium text-foreground">
              {INVALID_LINK.body}
            </p>
            <p className="text-sm text-muted-foreground">{INVALID_LINK.next}</p>
          </>
        ) : fromState ? (
          <p className="text-sm text-muted-foreground">
            {before}
            <span className="font-medium break-all text-foreground">{fromState.email}</span>
            {after}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">We sent you a link to verify your email address. Click it to finish signing up and sign in.</p>
        )}
        {!linkInvalid && <p className="text-sm text-muted-foreground">Can&apos;t see it? Check your spam or junk folder, or send it again.</p>}
      </div>
      {linkInvalid && (
        <Button asChild className="w-full">
          <Link to="/auth/login">Sign in</Link>
        </Button>
      )}
      {!fromState && (
        <div className="grid gap-2">
          <Label htmlFor="resend-email">Email</Label>
          <Input id="resend-email" type="email" autoComplete="email" placeholder="name@example.com" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!emailError} />
          {emailError && (
            <p role="alert" className="text-sm text-destructive">
              {emailError}
            </p>
          )}
        </div>
      )}
      <Button variant="outline" className="w-full" onClick={() => void onResend()} disabled={sending || cooldown > 0}>
        {sending && <Spinner />}
        {cooldown > 0 ? `Resend email in ${cooldown}s` : linkInvalid ? INVALID_LINK.resend : 'Resend email'}
      </Button>
      {!linkInvalid && (
        <BackToSignIn />
      )}
    </AuthLayout>
  );
}
