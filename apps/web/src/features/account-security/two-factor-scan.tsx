import { CopyIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { authClient } from '@/features/auth/auth-client';
import { authErrorMessage } from '@/features/auth/lib/auth-errors';
import { attempt } from '@/features/auth/lib/requests';
import { totpCodeSchema } from '@/features/auth/lib/two-factor';
import { TwoFactorQr } from './two-factor-qr';
import { groupedSecret, secretFromTotpUri } from './two-factor-setup';

/** Turning two-factor on, after the password: scan the QR code (or type the key), then confirm a code from the app. */
export function ScanStep({ totpUri, onConfirmed, onCancel }: { totpUri: string; onConfirmed: () => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secret = secretFromTotpUri(totpUri);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Key copied', description: 'Paste it into your authenticator app.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the key and copy it yourself.', variant: 'destructive' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    const refusal = await attempt(() => authClient.twoFactor.verifyTotp({ code: parsed.data }));
    setBusy(false);
    if (refusal) return setError(authErrorMessage(refusal, 'request'));
    await onConfirmed();
  };

  return (
    <ol className="grid gap-6">
      <li className="grid gap-3">
        <p className="text-sm font-medium">1. Scan this QR code with your authenticator app</p>
        <TwoFactorQr totpUri={totpUri} />
        <div className="grid gap-1 text-sm">
          <p className="text-muted-foreground">Can’t scan it? Choose to enter a key in the app, and type this one:</p>
          <div className="flex flex-wrap items-center gap-2">
            <code aria-label="Key for your authenticator app" className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all text-foreground">
              {groupedSecret(secret)}
            </code>
            <Button type="button" size="sm" variant="outline" onClick={copyKey}>
              <CopyIcon aria-hidden="true" /> Copy key
            </Button>
          </div>
        </div>
      </li>
      <li>
        <form onSubmit={submit} className="grid max-w-sm gap-3" noValidate>
          <Label htmlFor="two-factor-code" className="text-sm font-medium">
            2. Enter the 6-digit code the app shows
          </Label>
          <Input
            id="two-factor-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            placeholder="123456"
            className="font-mono tracking-widest"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'two-factor-code-error' : undefined}
          />
          {error && (
            <p id="two-factor-code-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              Turn on
            </Button>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    </ol>
  );
}
