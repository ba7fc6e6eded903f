import { UserMinusIcon } from 'lucide-react';
import { useState } from 'react';
import type { TeamMember, TeamRole } from '@wattle/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { UserAvatar } from '@/features/account/components/user-avatar';
import { formatDate, timeAgo } from '@/lib/dates';
import { useChangeRole, useRemoveMember } from '../api/team';
import { assignableRoles, ROLE_IN_SENTENCE, ROLE_LABEL } from '../lib/roles';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** One member: who, their role (a choice when the caller may change it), when last active and joined, Remove. */
export function MemberItem({ member, teamName, manageable, isYou }: { member: TeamMember; teamName: string; manageable: boolean; isYou: boolean }) {
  const { locale, timeZone } = usePreferences();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const fail = (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' });

  const setRole = (role: string) =>
    changeRole.mutate(
      { memberId: member.id, role: role as TeamRole },
      { onSuccess: () => toast({ title: 'Role changed', description: `${member.name} is now ${ROLE_IN_SENTENCE[role as TeamRole]}.`, variant: 'success' }), onError: fail },
    );
  const confirmRemove = () =>
    // mutateAsync: this row leaves the list when the removal lands, and the toast must still show.
    remove.mutateAsync(member.id).then(() => toast({ title: 'Member removed', description: `${member.name} no longer has access to ${teamName}.`, variant: 'success' }), fail);

  return (
    <li className="grid min-w-0 gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar profile={undefined} fallbackName={member.name} />
        <div className="min-w-0">
          <p className="truncate font-medium">
            {member.name}
            {isYou && <span className="font-normal text-muted-foreground"> (you)</span>}
          </p>
          <p className="truncate text-sm text-muted-foreground">{member.email}</p>
          <p className="text-xs text-muted-foreground">
            Last active {member.lastActiveAt ? timeAgo(member.lastActiveAt, new Date(), locale, timeZone) : 'never'} · Joined {formatDate(member.joinedAt, locale, timeZone)}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2 pl-12 sm:justify-end sm:pl-0">
        {manageable ? (
          <>
            <Select value={member.role} onValueChange={setRole} disabled={changeRole.isPending}>
              <SelectTrigger className="w-32" aria-label={`Role of ${member.name}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {assignableRoles.map((role) => (
                  <SelectItem key={role} value={role}>
                    {ROLE_LABEL[role]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${member.name}`}>
              <UserMinusIcon aria-hidden="true" />
              <span className="hidden sm:inline">Remove</span>
            </Button>
          </>
        ) : (
          <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>{ROLE_LABEL[member.role]}</Badge>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${member.name}?`}
        description={`${member.name} loses access to ${teamName} and its documents at once. You can invite them again later.`}
        action="Remove member"
        onConfirm={confirmRemove}
      />
    </li>
  );
}
