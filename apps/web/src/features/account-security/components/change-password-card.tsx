import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Card, CardContent } from '@/components/ui/card';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { authClient } from '@/features/auth/auth-client';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import { PasswordInput } from '@/features/auth/components/password-input';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { authErrorMessage, serverFieldErrors } from '@/features/auth/lib/auth-errors';
import { attempt } from '@/features/auth/lib/requests';
import { SESSIONS_QUERY_KEY } from '../api/sessions';
import { changePasswordSchema } from '../lib/schemas';
import { errorCodeOf, SECURITY_MESSAGES } from '../lib/security-errors';

type Values = z.input<typeof changePasswordSchema>;
const EMPTY: Values = { currentPassword: '', password: '', confirmPassword: '' };

/** Change password: the current one is asked for, and every other device is signed out. */
export function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const form = useForm<Values>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY, mode: 'onTouched' });

  const onSubmit = async ({ currentPassword, password }: Values) => {
    const error = await attempt(() => authClient.changePassword({ currentPassword, newPassword: password, revokeOtherSessions: true }));
    void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    if (!error) {
      form.reset(EMPTY);
      toast({ title: 'Password changed', description: 'Your password has been changed and your other devices have been signed out.', variant: 'success' });
      return;
    }
    if (errorCodeOf(error) === 'PASSWORD_INCORRECT') return form.setError('currentPassword', { message: SECURITY_MESSAGES.currentPasswordIncorrect }, { shouldFocus: true });
    const fields = serverFieldErrors(error, { newPassword: 'password' });
    for (const [field, message] of Object.entries(fields)) form.setError(field as keyof Values, { message });
    if (Object.keys(fields).length === 0) toast({ title: 'Password not changed', description: authErrorMessage(error, 'request'), variant: 'destructive' });
  };

  return (
    <Card>
      <SettingsCardHeader icon={KeyRoundIcon} title="Change password" description="Changing your password signs you out on every other device." />
      <CardContent>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="grid max-w-md gap-4" noValidate>
            <FormField
              control={form.control}
              name="currentPassword"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Current password</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="current-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <NewPasswordFields passwordLabel="New password" confirmLabel="Confirm new password" />
            <SubmitButton busy={form.formState.isSubmitting} busyLabel="Changing...">
              Change password
            </SubmitButton>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
