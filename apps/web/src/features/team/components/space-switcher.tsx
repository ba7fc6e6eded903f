import { ChevronsUpDownIcon, MailIcon, PlusIcon, UserRoundIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast';
import { useMyInvitations } from '../api/membership';
import { useSpaces, useSwitchSpace } from '../api/spaces';
import { ROLE_LABEL } from '../lib/roles';
import { CreateTeamForm } from './create-team-form';

const PERSONAL = 'personal';

/** The header's space switcher: Personal or a team. Every page and API call acts in the chosen one. */
export function SpaceSwitcher() {
  const { data: spaces } = useSpaces();
  const { data: invitations } = useMyInvitations();
  const switchSpace = useSwitchSpace();
  const [creating, setCreating] = useState(false);
  if (!spaces) return null;

  const active = spaces.active.kind === 'team' ? spaces.active.team : null;
  const name = active?.name ?? 'Personal';
  const choose = (value: string) => {
    if (value === (active?.id ?? PERSONAL)) return;
    const team = spaces.teams.find((t) => t.id === value);
    switchSpace.mutate(team ? team.id : null, {
      onSuccess: () => toast({ title: 'Space changed', description: `You are now working in ${team?.name ?? 'Personal'}.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    });
  };
  const waiting = invitations?.length ?? 0;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="h-9 max-w-[7.5rem] gap-1.5 px-2 sm:max-w-[14rem] sm:px-2.5" aria-label={`Space: ${name}. Change space`} disabled={switchSpace.isPending}>
            {active ? <UsersIcon aria-hidden="true" /> : <UserRoundIcon aria-hidden="true" />}
            <span className="truncate">{name}</span>
            {waiting > 0 && <span className="size-2 shrink-0 rounded-full bg-wattle" aria-hidden="true" />}
            <ChevronsUpDownIcon className="hidden opacity-60 sm:block" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-72 max-w-[calc(100vw-2rem)]">
          <DropdownMenuLabel className="text-xs text-muted-foreground">Work in</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={active?.id ?? PERSONAL} onValueChange={choose}>
            <DropdownMenuRadioItem value={PERSONAL}>
              <span className="flex-1 truncate">Personal</span>
            </DropdownMenuRadioItem>
            {spaces.teams.map((team) => (
              <DropdownMenuRadioItem key={team.id} value={team.id}>
                <span className="min-w-0 flex-1 truncate">{team.name}</span>{' '}
                <span className="text-xs text-muted-foreground">{ROLE_LABEL[team.role]}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          {waiting > 0 && (
            <DropdownMenuItem asChild>
              <Link to="/dashboard/team">
                <MailIcon aria-hidden="true" />
                {waiting === 1 ? '1 invitation to a team' : `${waiting} invitations to teams`}
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Create a team…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Create a team</DialogTitle>
            <DialogDescription>You will be its owner, and can invite colleagues from the Team page.</DialogDescription>
          </DialogHeader>
          <CreateTeamForm onCreated={() => setCreating(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
