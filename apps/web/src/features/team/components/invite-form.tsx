import { useState, type FormEvent } from 'react';
import type { Team, TeamRole } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useInviteMember } from '../api/team';
import { inviteCheck } from '../lib/invite-check';
import { assignableRoles, ROLE_LABEL } from '../lib/roles';

/** Invite by email with a role; the server mails a link that works once, for TEAM_INVITATION_DAYS. */
export function InviteForm({ team }: { team: Team }) {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('member');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const problem = inviteCheck(address, team);
    setError(problem);
    if (problem) return;
    invite.mutate(
      { email: address, role },
      {
        onSuccess: () => {
          toast({ title: 'Invitation sent', description: `We emailed ${address} a link to join.`, variant: 'success' });
          setEmail('');
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end" noValidate aria-label="Invite a member">
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="invite-email">Email address</Label>
        <Input
          id="invite-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="colleague@example.com.au"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'invite-email-error' : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="invite-role">Role</Label>
        <Select value={role} onValueChange={(value) => setRole(value as TeamRole)}>
          <SelectTrigger id="invite-role" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {assignableRoles.map((option) => (
              <SelectItem key={option} value={option}>
                {ROLE_LABEL[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </Button>
      {error && (
        <p id="invite-email-error" className="text-sm text-destructive sm:col-span-3">
          {error}
        </p>
      )}
    </form>
  );
}
