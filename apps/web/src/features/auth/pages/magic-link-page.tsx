import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { emailOnlySchema } from '@wattle/shared/validation';
import type { z } from 'zod';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { AuthLayout } from '../components/auth-layout';
import { SubmitButton } from '../components/submit-button';
import { authErrorMessage } from '../lib/auth-errors';
import type { VerifyEmailState } from '../lib/flow';
import { requestMagicLink } from '../lib/requests';

type Values = z.input<typeof emailOnlySchema>;

export function MagicLinkPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<Values>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: Values) => {
    const error = await requestMagicLink(email, location.search);
    if (error) {
      toast({ title: 'Error sending magic link', description: authErrorMessage(error, 'request'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Magic link sent!', description: 'Check your email for a link to sign in.', variant: 'success' });
    await navigate('/auth/verify-email', { state: { email, kind: 'magic-link' } satisfies VerifyEmailState });
  };

  return (
    <AuthLayout title="Magic Link" heading="Sign in with a magic link" description="Enter your email to receive a sign-in link">
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
            Send magic link
          </SubmitButton>
        </form>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        <Link to={{ pathname: '/auth/login', search: location.search }} className="font-medium text-foreground underline underline-offset-4">
          Sign in with your password
        </Link>
      </p>
    </AuthLayout>
  );
}
