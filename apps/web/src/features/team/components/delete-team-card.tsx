import { Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Team } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { useDeleteTeam } from '../api/membership';

/** Deleting a team takes its documents with it: the owner types the team's name to confirm. */
export function DeleteTeamCard({ team }: { team: Team }) {
  const remove = useDeleteTeam();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === team.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    // mutateAsync: the page leaves the team (and this card) before this settles.
    remove.mutateAsync(team.id).then(
      () => toast({ title: 'Team deleted', description: `${team.name} and its documents are gone. You are back in your personal space.`, variant: 'success' }),
      (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    );
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <h2>Delete team</h2>
        </CardTitle>
        <CardDescription>Deletes the team, its documents, share links, API keys and webhooks for everyone in it. This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          <Trash2Icon aria-hidden="true" />
          Delete team
        </Button>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            setTyped('');
          }}
        >
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete {team.name}?</DialogTitle>
              <DialogDescription>
                The team’s documents go with it, and nobody in the team can open them again. Type <strong className="text-foreground">{team.name}</strong> to confirm.
              </DialogDescription>
            </DialogHeader>
            <form onSubmit={submit} className="grid gap-4" noValidate>
              <div className="grid gap-2">
                <Label htmlFor="delete-team-name">Team name</Label>
                <Input id="delete-team-name" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
              </div>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
                  Delete team and documents
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
