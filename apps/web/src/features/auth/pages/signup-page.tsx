import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { signupSchema } from '@wattle/shared/validation';
import type { z } from 'zod';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { authClient } from '../auth-client';
import { AuthLayout } from '../components/auth-layout';
import { EmailField } from '../components/email-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { SocialButtons } from '../components/social-buttons';
import { SubmitButton } from '../components/submit-button';
import { serverFieldErrors, signUpErrorMessage } from '../lib/auth-errors';
import { CALLBACK_PATH, type VerifyEmailState } from '../lib/flow';
import { attempt } from '../lib/requests';

type SignupValues = z.input<typeof signupSchema>;

export function SignupPage() {
  const navigate = useNavigate();
  // A return target (a team invitation) stays with a switch to sign-in.
  const { search } = useLocation();
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const busy = form.formState.isSubmitting;

  const onSubmit = async ({ fullName, email, password }: SignupValues) => {
    const error = await attempt(() => authClient.signUp.email({ name: fullName.trim(), email, password, callbackURL: CALLBACK_PATH }));
    if (error) {
      const fields = serverFieldErrors(error, { name: 'fullName' });
      for (const [field, message] of Object.entries(fields)) form.setError(field as keyof SignupValues, { message });
      if (Object.keys(fields).length === 0) toast({ title: 'Error creating account', description: signUpErrorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Account created!', description: 'Please check your email to verify your account.', variant: 'success' });
    await navigate('/auth/verify-email', { state: { email, kind: 'signup' } satisfies VerifyEmailState });
  };

  return (
    <AuthLayout title="Sign Up" heading="Create an account" description="Enter your details below to create your account">
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
          <FormField
            control={form.control}
            name="fullName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Full name</FormLabel>
                <FormControl>
                  <Input autoComplete="name" placeholder="Jane Citizen" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <EmailField />
          <NewPasswordFields passwordLabel="Password" confirmLabel="Confirm password" />
          <SubmitButton busy={busy} busyLabel="Creating account...">
            Create account
          </SubmitButton>
        </form>
      </Form>
      <SocialButtons mode="sign-up" />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={`/auth/login${search}`} className="font-medium text-foreground underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
