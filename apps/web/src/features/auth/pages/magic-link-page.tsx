import { Link, useLocation } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { EmailLinkForm } from '../components/email-link-form';
import { requestMagicLink } from '../lib/requests';

export function MagicLinkPage() {
  const location = useLocation();
  return (
    <AuthLayout title="Magic Link" heading="Sign in with a magic link" description="Enter your email to receive a sign-in link">
      <EmailLinkForm
        request={(email) => requestMagicLink(email, location.search)}
        kind="magic-link"
        submitLabel="Send magic link"
        errorTitle="Error sending magic link"
        sent={{ title: 'Magic link sent!', description: 'Check your email for a link to sign in.' }}
      />
      <p className="text-center text-sm text-muted-foreground">
        <Link to={{ pathname: '/auth/login', search: location.search }} className="font-medium text-foreground underline underline-offset-4">
          Sign in with your password
        </Link>
      </p>
    </AuthLayout>
  );
}
