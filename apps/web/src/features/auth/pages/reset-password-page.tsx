import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { emailOnlySchema } from '@wattle/shared/validation';
import type { z } from 'zod';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { AuthLayout } from '../components/auth-layout';
import { SubmitButton } from '../components/submit-button';
import { authErrorMessage } from '../lib/auth-errors';
import type { VerifyEmailState } from '../lib/flow';
import { requestPasswordReset } from '../lib/requests';
import { useSession } from '../session';

type Values = z.input<typeof emailOnlySchema>;

/** Reachable signed in too (spec section 2); the address is then filled in. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useForm<Values>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: user?.email ?? '' } });

  const onSubmit = async ({ email }: Values) => {
    const error = await requestPasswordReset(email);
    if (error) {
      toast({ title: 'Error resetting password', description: authErrorMessage(error, 'request'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Reset link sent!', description: 'Check your email for a link to reset your password.', variant: 'success' });
    await navigate('/auth/verify-email', { state: { email, kind: 'reset' } satisfies VerifyEmailState });
  };

  return (
    <AuthLayout title="Reset Password" heading="Reset Password" description="Enter your email to receive a password reset link">
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" placeholder="name@example.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <SubmitButton busy={form.formState.isSubmitting} busyLabel="Sending...">
            Send reset link
          </SubmitButton>
        </form>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to={user ? '/dashboard' : '/auth/login'} className="font-medium text-foreground underline underline-offset-4">
          {user ? 'Back to dashboard' : 'Back to sign in'}
        </Link>
      </p>
    </AuthLayout>
  );
}
