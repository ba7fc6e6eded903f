import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon, MailIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { authClient } from '@/features/auth/auth-client';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { authErrorMessage } from '@/features/auth/lib/auth-errors';
import { attempt } from '@/features/auth/lib/requests';
import { useSession } from '@/features/auth/session';
import { changeEmailSchema } from '../lib/schemas';

type Values = z.input<ReturnType<typeof changeEmailSchema>>;

/** Change the sign-in email: confirmed by a link sent to the new address; the current one is told. */
export function ChangeEmailCard() {
  const { user } = useSession();
  const currentEmail = user?.email ?? '';
  const schema = useMemo(() => changeEmailSchema(currentEmail), [currentEmail]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' }, mode: 'onTouched' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async ({ email }: Values) => {
    const newEmail = email.trim().toLowerCase();
    const error = await attempt(() => authClient.changeEmail({ newEmail }));
    if (error) return toast({ title: 'Email not changed', description: authErrorMessage(error, 'request'), variant: 'destructive' });
    setSentTo(newEmail);
    form.reset({ email: '' });
  };

  return (
    <Card>
      <SettingsCardHeader
        icon={MailIcon}
        title="Email address"
        description={
          <>
            You sign in with <strong className="font-medium break-all text-foreground">{currentEmail}</strong>. A new address is used once you confirm it from the email we send there.
          </>
        }
      />
      <CardContent className="grid gap-4">
        {sentTo && (
          <Alert role="status">
            <MailCheckIcon />
            <AlertTitle>Check your inbox</AlertTitle>
            <AlertDescription>
              <p>
                We sent a link to <strong className="break-all">{sentTo}</strong>. Your email changes once you follow it. We also let {currentEmail} know.
              </p>
            </AlertDescription>
          </Alert>
        )}
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="grid max-w-md gap-4" noValidate>
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>New email address</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" inputMode="email" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <SubmitButton busy={form.formState.isSubmitting} busyLabel="Sending...">
              Change email
            </SubmitButton>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
