import { useState, type FormEvent } from 'react';
import { LockIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { requestEmailCode, startVisit } from '../api/viewer';

/** What each refusal tells the viewer (the catalogue's words). */
const GATE_MESSAGES: Record<string, string> = {
  LINK_LOCKED: 'Enter the password or confirm your email address to open this document.',
  LINK_PASSWORD_INCORRECT: 'The password is not correct.',
  EMAIL_CODE_INCORRECT: 'The code is not correct or has expired. Request a new one.',
  EMAIL_NOT_ALLOWED: 'This email address cannot open this document.',
  RATE_LIMITED: 'Please wait a moment before trying again.',
};

const messageOf = (error: unknown) => (isApiError(error) ? (GATE_MESSAGES[error.code] ?? error.message) : 'Something went wrong. Please try again.');

/** The password and/or email-code form a link asks for before any page is sent. */
export function GateForm({ token, gates, onOpened }: { token: string; gates: { password: boolean; email: boolean }; onOpened: () => void }) {
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendCode() {
    setError(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError('Enter a valid email address.');
      return;
    }
    setBusy(true);
    try {
      await requestEmailCode(token, email.trim());
      setCodeSentTo(email.trim());
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (gates.email && !codeSentTo) return sendCode();
    setError(null);
    setBusy(true);
    try {
      await startVisit(token, {
        ...(gates.password ? { password } : {}),
        ...(gates.email ? { email: email.trim(), code: code.trim() } : {}),
      });
      onOpened();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mx-auto mt-8 flex w-full max-w-sm flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm" aria-labelledby="gate-heading" noValidate>
      <div className="flex items-center gap-2">
        <LockIcon className="size-5 text-primary" aria-hidden="true" />
        <h2 id="gate-heading" className="text-lg font-semibold">
          This document is protected
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">{GATE_MESSAGES.LINK_LOCKED}</p>
      {gates.password && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="share-password">Password</Label>
          <Input id="share-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </div>
      )}
      {gates.email && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="share-email">Email address</Label>
          <div className="flex gap-2">
            <Input id="share-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
            {codeSentTo && (
              <Button type="button" variant="outline" onClick={sendCode} disabled={busy}>
                Send again
              </Button>
            )}
          </div>
          {codeSentTo && (
            <>
              <p className="text-sm text-muted-foreground" role="status">
                If this address may open the document, a 6-digit code is on its way to {codeSentTo}.
              </p>
              <Label htmlFor="share-code">Code</Label>
              <Input
                id="share-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                required
              />
            </>
          )}
        </div>
      )}
      {error && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" disabled={busy || (gates.email && !!codeSentTo && code.length !== 6)}>
        {gates.email && !codeSentTo ? 'Send code' : 'Open document'}
      </Button>
    </form>
  );
}
