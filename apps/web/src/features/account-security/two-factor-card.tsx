import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent } from '@/components/ui/card';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { authClient } from '@/features/auth/auth-client';
import { PasswordInput } from '@/features/auth/components/password-input';
import { authErrorMessage } from '@/features/auth/lib/auth-errors';
import { refreshSession, useSession } from '@/features/auth/session';
import { BackupCodes } from './two-factor-backup-codes';
import { ScanStep } from './two-factor-scan';

type PasswordPurpose = 'enable' | 'disable' | 'regenerate';
type Stage =
  | { name: 'idle' }
  | { name: 'password'; purpose: PasswordPurpose }
  | { name: 'scan'; totpUri: string; backupCodes: string[] }
  | { name: 'codes'; backupCodes: string[] };

/** The answer's data or its refusal; a thrown error (network down) counts as a refusal. */
async function run<T>(request: () => Promise<{ data: T | null; error: unknown }>): Promise<{ data: T | null; error: unknown }> {
  try {
    return await request();
  } catch (error) {
    return { data: null, error };
  }
}

/**
 * Settings → Security: two-factor authentication with an authenticator app. Turning it on asks for
 * the password, shows the QR code (and the key as text), confirms a code, then shows the backup codes
 * once. Turning it off and making new backup codes ask for the password.
 */
export function TwoFactorCard() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const enabled = user?.twoFactorEnabled === true;
  const idle = () => setStage({ name: 'idle' });

  const onPassword = async (purpose: PasswordPurpose, password: string): Promise<unknown> => {
    if (purpose === 'enable') {
      const { data, error } = await run(() => authClient.twoFactor.enable({ password }));
      if (data) setStage({ name: 'scan', totpUri: data.totpURI, backupCodes: data.backupCodes });
      return error;
    }
    if (purpose === 'regenerate') {
      const { data, error } = await run(() => authClient.twoFactor.generateBackupCodes({ password }));
      if (data) {
        setStage({ name: 'codes', backupCodes: data.backupCodes });
        toast({ title: 'New backup codes made', description: 'Your old backup codes no longer work.', variant: 'success' });
      }
      return error;
    }
    const { error } = await run(() => authClient.twoFactor.disable({ password }));
    if (!error) {
      await refreshSession(queryClient);
      idle();
      toast({ title: 'Two-factor authentication is off', description: 'Sign-in now asks only for your password.', variant: 'success' });
    }
    return error;
  };

  const onConfirmed = async (backupCodes: string[]) => {
    await refreshSession(queryClient);
    setStage({ name: 'codes', backupCodes });
    toast({ title: 'Two-factor authentication is on', description: 'Sign-in will ask for a code from your authenticator app.', variant: 'success' });
  };

  return (
    <Card className="max-w-3xl">
      <SettingsCardHeader icon={ShieldCheckIcon} title="Two-factor authentication" description="Sign-in asks for a code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) as well as your password.">
        <CardAction>
          <Badge variant={enabled ? 'default' : 'outline'}>{enabled ? 'On' : 'Off'}</Badge>
        </CardAction>
      </SettingsCardHeader>
      <CardContent>
        {stage.name === 'idle' &&
          (enabled ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setStage({ name: 'password', purpose: 'regenerate' })}>
                New backup codes
              </Button>
              <Button variant="outline" onClick={() => setStage({ name: 'password', purpose: 'disable' })}>
                Turn off
              </Button>
            </div>
          ) : (
            <Button onClick={() => setStage({ name: 'password', purpose: 'enable' })}>Turn on two-factor authentication</Button>
          ))}
        {stage.name === 'password' && <PasswordStep purpose={stage.purpose} onSubmit={(password) => onPassword(stage.purpose, password)} onCancel={idle} />}
        {stage.name === 'scan' && <ScanStep totpUri={stage.totpUri} onConfirmed={() => onConfirmed(stage.backupCodes)} onCancel={idle} />}
        {stage.name === 'codes' && <BackupCodes codes={stage.backupCodes} email={user?.email ?? ''} onDone={idle} />}
      </CardContent>
    </Card>
  );
}

const PASSWORD_TEXT: Record<PasswordPurpose, { intro: string; submit: string }> = {
  enable: { intro: 'Enter your password to start.', submit: 'Continue' },
  disable: { intro: 'Sign-in will ask only for your password again. Enter your password to turn two-factor authentication off.', submit: 'Turn off' },
  regenerate: { intro: 'New codes replace the ones you have: the old codes stop working. Enter your password to make them.', submit: 'Make new codes' },
};

function PasswordStep({ purpose, onSubmit, onCancel }: { purpose: PasswordPurpose; onSubmit: (password: string) => Promise<unknown>; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = PASSWORD_TEXT[purpose];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password');
    setBusy(true);
    const refusal = await onSubmit(password);
    setBusy(false);
    if (refusal) setError(authErrorMessage(refusal, 'request'));
  };

  return (
    <form onSubmit={submit} className="grid max-w-sm gap-3" noValidate>
      <p id="two-factor-password-intro" className="text-sm text-muted-foreground">
        {text.intro}
      </p>
      <div className="grid gap-2">
        <Label htmlFor="two-factor-password">Password</Label>
        <PasswordInput
          id="two-factor-password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'two-factor-password-intro two-factor-password-error' : 'two-factor-password-intro'}
        />
        {error && (
          <p id="two-factor-password-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {text.submit}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
