import { Link } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { EmailLinkForm } from '../components/email-link-form';
import { requestPasswordReset } from '../lib/requests';
import { useSession } from '../session';

/** Reachable signed in too (spec section 2); the address is then filled in. */
export function ResetPasswordPage() {
  const { user } = useSession();
  return (
    <AuthLayout title="Reset Password" heading="Reset Password" description="Enter your email to receive a password reset link">
      <EmailLinkForm
        defaultEmail={user?.email}
        request={requestPasswordReset}
        kind="reset"
        submitLabel="Send reset link"
        errorTitle="Error resetting password"
        sent={{ title: 'Reset link sent!', description: 'Check your email for a link to reset your password.' }}
      />
      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to={user ? '/dashboard' : '/auth/login'} className="font-medium text-foreground underline underline-offset-4">
          {user ? 'Back to dashboard' : 'Back to sign in'}
        </Link>
      </p>
    </AuthLayout>
  );
}
