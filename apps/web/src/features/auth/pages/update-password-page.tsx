import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { updatePasswordSchema } from '@wattle/shared/validation';
import type { z } from 'zod';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { authClient } from '../auth-client';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { NewPasswordFields } from '../components/new-password-fields';
import { SubmitButton } from '../components/submit-button';
import { AUTH_MESSAGES, authErrorKind, authErrorMessage, serverFieldErrors } from '../lib/auth-errors';
import { announceUserUpdated } from '../session';
import { attempt } from '../lib/requests';
import { BackToSignIn } from '../components/back-to-sign-in';

type Values = z.input<typeof updatePasswordSchema>;

function tokenFrom(state: unknown): string | null {
  const token = (state as { token?: unknown } | null)?.token;
  return typeof token === 'string' && token ? token : null;
}

/** The reset link's target: a new password with the sign-up rules, then sign in with it. */
export function UpdatePasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = tokenFrom(location.state);
  const [failure, setFailure] = useState<string | null>(token ? null : AUTH_MESSAGES.linkExpired);
  const form = useForm<Values>({ resolver: zodResolver(updatePasswordSchema), defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched' });

  const onSubmit = async ({ password }: Values) => {
    if (!token) return;
    setFailure(null);
    const error = await attempt(() => authClient.resetPassword({ newPassword: password, token }));
    if (error) {
      const fields = serverFieldErrors(error, { newPassword: 'password' });
      for (const [field, message] of Object.entries(fields)) form.setError(field as keyof Values, { message });
      if (Object.keys(fields).length) return;
      const message = authErrorMessage(error, 'request');
      if (authErrorKind(error, 'request') === 'linkExpired') setFailure(message);
      toast({ title: 'Error resetting password', description: message, variant: 'destructive' });
      return;
    }
    announceUserUpdated(queryClient);
    await navigate('/auth/login', { replace: true });
  };

  return (
    <AuthLayout title="Update Password" heading="Update password" description="Choose a new password for your account">
      {failure && (
        <FormAlert>
          <p>{failure}</p>
          <Link to="/auth/reset-password" className="font-medium underline underline-offset-4">
            Request a new reset link
          </Link>
        </FormAlert>
      )}
      {token && (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
            <NewPasswordFields passwordLabel="New password" confirmLabel="Confirm new password" />
            <SubmitButton busy={form.formState.isSubmitting} busyLabel="Updating...">
              Update password
            </SubmitButton>
          </form>
        </Form>
      )}
      <BackToSignIn />
    </AuthLayout>
  );
}
