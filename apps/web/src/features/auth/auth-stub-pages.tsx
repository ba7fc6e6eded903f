import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Minimal screens that keep the /auth/* routes navigable until the real sign-in flows land. */
function AuthStub({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-muted/40 px-4 py-12">
      <Logo />
      <Card className="w-full max-w-[350px]">
        <CardHeader>
          <CardTitle className="text-2xl">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" className="w-full">
            <Link to="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

export const LoginPage = () => <AuthStub title="Sign In" description="Enter your email to sign in to your account" />;
export const SignupPage = () => <AuthStub title="Create an account" description="Enter your details to create your account" />;
export const MagicLinkPage = () => <AuthStub title="Magic link" description="Enter your email to receive a sign-in link" />;
export const ResetPasswordPage = () => <AuthStub title="Reset Password" description="Enter your email to receive a reset link" />;
export const CallbackPage = () => <AuthStub title="Authenticating..." description="Please wait while we sign you in." />;
export const VerifyEmailPage = () => <AuthStub title="Check your email" description="We sent you a link to verify your email address." />;
export const UpdatePasswordPage = () => <AuthStub title="Update password" description="Choose a new password for your account." />;
