import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { returnTargetFrom } from '@/app/guards/redirects';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { SubmitButton } from '../components/submit-button';
import { authErrorMessage, readAuthError } from '../lib/auth-errors';
import { verifySecondStep } from '../lib/requests';
import { backupCodeSchema, totpCodeSchema, type SecondStep } from '../lib/two-factor';
import { refreshSession } from '../session';

const TEXT: Record<SecondStep, { description: string; label: string; switchTo: string }> = {
  totp: {
    description: 'Enter the 6-digit code from your authenticator app.',
    label: 'Authentication code',
    switchTo: 'Use a backup code',
  },
  backup: {
    description: 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.',
    label: 'Backup code',
    switchTo: 'Use your authenticator app',
  },
};

/**
 * Sign-in's second step, after the right password, a magic link or a social provider: a code from the
 * authenticator app (or a backup code), then on to the return target as a plain sign-in would.
 */
export function TwoFactorPage() {
  const [step, setStep] = useState<SecondStep>('totp');
  const { search } = useLocation();
  return (
    <AuthLayout title="Two-factor authentication" heading="Two-factor authentication" description={TEXT[step].description}>
      <CodeForm key={step} step={step} />
      <Button type="button" variant="link" className="h-auto p-0 text-muted-foreground" onClick={() => setStep(step === 'totp' ? 'backup' : 'totp')}>
        {TEXT[step].switchTo}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <Link to={`/auth/login${search}`} className="underline-offset-4 hover:text-foreground hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

function CodeForm({ step }: { step: SecondStep }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<{ message: string; expired: boolean } | null>(null);
  const schema = z.object({ code: step === 'totp' ? totpCodeSchema : backupCodeSchema, trustDevice: z.boolean() });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { code: '', trustDevice: false } });

  const onSubmit = async ({ code, trustDevice }: z.output<typeof schema>) => {
    setFailure(null);
    const error = await verifySecondStep(step, code, trustDevice);
    if (error) {
      const expired = readAuthError(error)?.code === 'TWO_FACTOR_EXPIRED';
      setFailure({ message: authErrorMessage(error, 'sign-in'), expired });
      form.reset({ code: '', trustDevice });
      form.setFocus('code');
      return;
    }
    await refreshSession(queryClient);
    toast({ title: 'Welcome back!', description: 'You have successfully signed in.', variant: 'success' });
    await navigate(returnTargetFrom(location.search), { replace: true });
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
        {failure && (
          <FormAlert>
            <p>{failure.message}</p>
            {failure.expired && (
              <Link to={`/auth/login${location.search}`} className="font-medium underline underline-offset-4">
                Sign in again
              </Link>
            )}
          </FormAlert>
        )}
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{TEXT[step].label}</FormLabel>
              <FormControl>
                {step === 'totp' ? (
                  <Input {...field} autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123456" className="font-mono tracking-widest" />
                ) : (
                  <Input {...field} autoFocus autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={13} placeholder="a1B2c-3D4e5" className="font-mono" />
                )}
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="trustDevice"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox id="trust-device" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              <Label htmlFor="trust-device" className="font-normal">
                Trust this device for 30 days
              </Label>
            </div>
          )}
        />
        <SubmitButton busy={form.formState.isSubmitting} busyLabel="Checking...">
          Verify
        </SubmitButton>
      </form>
    </Form>
  );
}
