import { useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SettingsCardHeader } from '@/components/settings-card-header';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { authClient } from '@/features/auth/auth-client';
import { FormAlert } from '@/features/auth/components/form-alert';
import { PasswordInput } from '@/features/auth/components/password-input';
import { authErrorMessage } from '@/features/auth/lib/auth-errors';
import { attempt } from '@/features/auth/lib/requests';
import { SESSION_QUERY_KEY } from '@/features/auth/session';
import { errorCodeOf, SECURITY_MESSAGES } from '../lib/security-errors';

/** What goes, in the words of the privacy policy. */
const ERASED = 'your details, every document and all its versions, your tool results, share links, profile picture and saved signatures';

/** Delete account: a dialog that asks for the password; a team owner is told to hand the team on first. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <SettingsCardHeader
        icon={Trash2Icon}
        title="Delete account"
        description={`Erases ${ERASED}. This cannot be undone.`}
        destructive
      />
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>{open && <DeleteAccountForm />}</DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function DeleteAccountForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<'team-owner' | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setFieldError('Enter your password');
    setFieldError(null);
    setRefusal(null);
    setBusy(true);
    const error = await attempt(() => authClient.deleteUser({ password }));
    setBusy(false);
    if (!error) {
      // Home first, then the session empties (as on sign-out), so no guard sends the person to sign-in.
      await navigate('/', { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      toast({ title: 'Account deleted', description: 'Your account and everything in it have been erased. We sent a confirmation by email.', variant: 'success' });
      return;
    }
    const code = errorCodeOf(error);
    if (code === 'PASSWORD_INCORRECT') return setFieldError(SECURITY_MESSAGES.passwordIncorrect);
    if (code === 'TEAM_OWNER') return setRefusal('team-owner');
    toast({ title: 'Account not deleted', description: authErrorMessage(error, 'request'), variant: 'destructive' });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>
          We will erase {ERASED}, and sign you out everywhere. This cannot be undone.
        </DialogDescription>
      </DialogHeader>
      {refusal && (
        <FormAlert>
          <p>{SECURITY_MESSAGES.teamOwner}</p>
          <Link to="/dashboard/team" className="font-medium underline underline-offset-4">
            Go to your team
          </Link>
        </FormAlert>
      )}
      <div className="grid gap-2">
        <Label htmlFor="delete-account-password">Password</Label>
        <PasswordInput
          id="delete-account-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(fieldError)}
          aria-describedby={fieldError ? 'delete-account-password-error delete-account-password-hint' : 'delete-account-password-hint'}
        />
        {fieldError && (
          <p id="delete-account-password-error" className="text-sm text-destructive">
            {fieldError}
          </p>
        )}
        <p id="delete-account-password-hint" className="text-sm text-muted-foreground">
          Never set a password because you sign in with Google, Facebook or LinkedIn? Set one with “Forgot password” on the sign-in page first.
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy && <Spinner />}
          Delete account
        </Button>
      </DialogFooter>
    </form>
  );
}
