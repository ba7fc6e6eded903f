import { useState, type FormEvent } from 'react';
import { TEAM_NAME_MAX, TEAM_SLUG_MAX, teamRoleMay, type Team } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf } from '@/lib/api-client';
import { useRenameTeam, useTransferTeam } from '../api/team';
import { teamFormErrors, type TeamFormErrors } from '../lib/team-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FieldNote } from './create-team-form';
import { DeleteTeamCard } from './delete-team-card';

/** Rename (owners and admins), transfer ownership and delete the team (the owner only). */
export function SettingsTab({ team }: { team: Team }) {
  return (
    <div className="grid max-w-3xl gap-6">
      {teamRoleMay(team.role, 'team.update') && <RenameCard team={team} />}
      {teamRoleMay(team.role, 'team.transfer') && <TransferCard team={team} />}
      {teamRoleMay(team.role, 'team.delete') && <DeleteTeamCard team={team} />}
      {!teamRoleMay(team.role, 'team.update') && <p className="text-sm text-muted-foreground">Only the team’s owner and admins can change its settings.</p>}
    </div>
  );
}

function RenameCard({ team }: { team: Team }) {
  const rename = useRenameTeam();
  const [name, setName] = useState(team.name);
  const [slug, setSlug] = useState(team.slug);
  const [errors, setErrors] = useState<TeamFormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = teamFormErrors({ name, slug });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    rename.mutate(
      { name: name.trim(), slug: slug === team.slug ? undefined : slug },
      {
        onSuccess: () => toast({ title: 'Team updated', description: 'The new name is shown to everyone in the team.', variant: 'success' }),
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(Object.keys(fields).length > 0 ? fields : { name: error.message });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Name</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Rename the team">
          <div className="grid gap-2">
            <Label htmlFor="team-name">Team name</Label>
            <Input id="team-name" value={name} maxLength={TEAM_NAME_MAX} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? 'team-name-error' : undefined} />
            <FieldNote id="team-name" error={errors.name} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="team-slug">Short name</Label>
            <Input id="team-slug" value={slug} maxLength={TEAM_SLUG_MAX} autoCapitalize="none" spellCheck={false} onChange={(e) => setSlug(e.target.value)} aria-invalid={Boolean(errors.slug)} aria-describedby={errors.slug ? 'team-slug-error' : undefined} />
            <FieldNote id="team-slug" error={errors.slug} />
          </div>
          <Button type="submit" className="justify-self-start" disabled={rename.isPending}>
            Save name
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TransferCard({ team }: { team: Team }) {
  const transfer = useTransferTeam();
  const candidates = team.members.filter((member) => member.role !== 'owner');
  const [memberId, setMemberId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const chosen = candidates.find((member) => member.id === memberId);

  const confirm = () =>
    // mutateAsync: as an admin the caller no longer sees this card once the transfer lands.
    transfer.mutateAsync({ memberId }).then(
      () => toast({ title: 'Ownership transferred', description: `${chosen?.name ?? 'They'} now own ${team.name}; you are an admin.`, variant: 'success' }),
      (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Transfer ownership</h2>
        </CardTitle>
        <CardDescription>The new owner can delete the team; you stay on as an admin.</CardDescription>
      </CardHeader>
      <CardContent>
        {candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">Invite someone first: ownership can only go to a member.</p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <div className="grid min-w-0 gap-2">
              <Label htmlFor="transfer-member">New owner</Label>
              <Select value={memberId} onValueChange={setMemberId}>
                <SelectTrigger id="transfer-member" className="w-full">
                  <SelectValue placeholder="Choose a member" />
                </SelectTrigger>
                <SelectContent>
                  {candidates.map((member) => (
                    <SelectItem key={member.id} value={member.id}>
                      {member.name} ({member.email})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button type="button" variant="outline" disabled={!chosen || transfer.isPending} onClick={() => setConfirming(true)}>
              Transfer ownership
            </Button>
          </div>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Make ${chosen?.name ?? 'this member'} the owner?`}
          description={`Only they will be able to delete ${team.name} or hand it on again. You become an admin.`}
          action="Transfer ownership"
          onConfirm={confirm}
        />
      </CardContent>
    </Card>
  );
}
