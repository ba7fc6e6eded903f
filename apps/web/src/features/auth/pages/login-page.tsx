import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '@wattle/shared/validation';
import type { z } from 'zod';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { returnTargetFrom } from '@/app/guards/redirects';
import { AuthLayout } from '../components/auth-layout';
import { EmailField } from '../components/email-field';
import { FormAlert } from '../components/form-alert';
import { PasswordInput } from '../components/password-input';
import { SocialButtons } from '../components/social-buttons';
import { SubmitButton } from '../components/submit-button';
import { authErrorKind, authErrorMessage, signInToastTitle, type AuthErrorKind } from '../lib/auth-errors';
import { refreshSession } from '../session';
import { callbackWithNext, type VerifyEmailState } from '../lib/flow';
import { signInWithPassword } from '../lib/requests';
import { TWO_FACTOR_PATH } from '../lib/two-factor';

type LoginValues = z.input<typeof loginSchema>;

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnTarget = returnTargetFrom(location.search);
  const [failure, setFailure] = useState<{ message: string; kind: AuthErrorKind | null; email: string } | null>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '', rememberMe: false } });
  const busy = form.formState.isSubmitting;

  const onSubmit = async ({ email, password, rememberMe }: LoginValues) => {
    setFailure(null);
    const outcome = await signInWithPassword(email, password, rememberMe === true);
    if (outcome === 'two-factor') {
      // The password was right; the code screen finishes sign-in and goes on to the same return target.
      await navigate({ pathname: TWO_FACTOR_PATH, search: location.search });
      return;
    }
    if (outcome !== 'signed-in') {
      const { error } = outcome;
      const message = authErrorMessage(error, 'sign-in');
      setFailure({ message, kind: authErrorKind(error, 'sign-in'), email });
      toast({ title: signInToastTitle(error), description: message, variant: 'destructive' });
      return;
    }
    await refreshSession(queryClient);
    toast({ title: 'Welcome back!', description: 'You have successfully signed in.', variant: 'success' });
    await navigate(returnTarget, { replace: true });
  };

  return (
    <AuthLayout title="Sign In" heading="Welcome back" description="Enter your email to sign in to your account">
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
          {failure && (
            <FormAlert>
              <p>{failure.message}</p>
              {failure.kind === 'userNotFound' && (
                <Link to="/auth/signup" className="font-medium underline underline-offset-4">
                  Sign up here
                </Link>
              )}
              {failure.kind === 'emailNotConfirmed' && (
                <Link
                  to="/auth/verify-email"
                  state={{ email: failure.email, kind: 'signup' } satisfies VerifyEmailState}
                  className="font-medium underline underline-offset-4"
                >
                  Resend the verification email
                </Link>
              )}
            </FormAlert>
          )}
          <EmailField />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-center justify-between">
                  <FormLabel>Password</FormLabel>
                  <Link to="/auth/reset-password" className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                    Forgot password?
                  </Link>
                </div>
                <FormControl>
                  <PasswordInput autoComplete="current-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox id="remember-me" checked={field.value === true} onCheckedChange={(v) => field.onChange(v === true)} />
                <Label htmlFor="remember-me" className="font-normal">
                  Remember me
                </Label>
              </div>
            )}
          />
          <SubmitButton busy={busy} busyLabel="Signing in...">
            Sign In
          </SubmitButton>
          <Link
            to={{ pathname: '/auth/magic-link', search: location.search }}
            className="text-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Email me a sign-in link instead
          </Link>
        </form>
      </Form>
      <SocialButtons mode="sign-in" callbackPath={callbackWithNext(location.search)} />
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link to="/auth/signup" className="font-medium text-foreground underline underline-offset-4">
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
