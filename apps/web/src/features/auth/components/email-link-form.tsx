import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { emailOnlySchema } from '@wattle/shared/validation';
import type { z } from 'zod';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/toast';
import { authErrorMessage } from '../lib/auth-errors';
import type { VerifyEmailState } from '../lib/flow';
import { EmailField } from './email-field';
import { SubmitButton } from './submit-button';

type Values = z.input<typeof emailOnlySchema>;

interface EmailLinkFormProps {
  defaultEmail?: string;
  /** Sends the link; returns the error, or null. */
  request: (email: string) => Promise<unknown>;
  /** Which "check your email" screen follows. */
  kind: VerifyEmailState['kind'];
  submitLabel: string;
  errorTitle: string;
  sent: { title: string; description: string };
}

/** Asks for an address, has a link emailed to it, then moves on to /auth/verify-email. */
export function EmailLinkForm({ defaultEmail = '', request, kind, submitLabel, errorTitle, sent }: EmailLinkFormProps) {
  const navigate = useNavigate();
  const form = useForm<Values>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: defaultEmail } });

  const onSubmit = async ({ email }: Values) => {
    const error = await request(email);
    if (error) {
      toast({ title: errorTitle, description: authErrorMessage(error, 'request'), variant: 'destructive' });
      return;
    }
    toast({ ...sent, variant: 'success' });
    await navigate('/auth/verify-email', { state: { email, kind } satisfies VerifyEmailState });
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
        <EmailField />
        <SubmitButton busy={form.formState.isSubmitting} busyLabel="Sending...">
          {submitLabel}
        </SubmitButton>
      </form>
    </Form>
  );
}
