import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey } from '@wattle/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDateTime } from '@/lib/dates';
import { useRevokeApiKey } from '../api/api-keys';

const STATUS_LABEL: Record<ApiKey['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const plural = (n: number, one: string) => `${n.toLocaleString('en-AU')} ${one}${n === 1 ? '' : 's'}`;

/** One key in the list: its prefix, dates and usage, and Revoke behind a confirmation (for those who may). */
export function ApiKeyItem({ apiKey, manageable }: { apiKey: ApiKey; manageable: boolean }) {
  const { locale, timeZone } = usePreferences();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso, locale, timeZone) : none);

  const confirm = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => toast({ title: 'Key revoked', description: `${apiKey.name} no longer works.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    });

  return (
    <li className="min-w-0 space-y-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 className="flex flex-wrap items-center gap-2 font-medium break-words">
            {apiKey.name}
            <Badge variant={apiKey.status === 'active' ? 'secondary' : 'outline'}>{STATUS_LABEL[apiKey.status]}</Badge>
          </h3>
          <p className="font-mono text-xs break-all text-muted-foreground">{apiKey.prefix}…</p>
        </div>
        {manageable && apiKey.status !== 'revoked' && (
          <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
            <Trash2Icon aria-hidden="true" /> Revoke
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted-foreground">Created</dt>
        <dd>{when(apiKey.createdAt, '')}</dd>
        <dt className="text-muted-foreground">Last used</dt>
        <dd>{when(apiKey.lastUsedAt, 'Never')}</dd>
        <dt className="text-muted-foreground">Expires</dt>
        <dd>{when(apiKey.expiresAt, 'Never')}</dd>
        <dt className="text-muted-foreground">Usage</dt>
        <dd>
          {plural(apiKey.usage.jobs, 'job')}, {plural(apiKey.usage.pages, 'page')}
        </dd>
      </dl>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke ${apiKey.name}?`}
        description="Scripts using this key stop working at once. This cannot be undone."
        action="Revoke key"
        onConfirm={confirm}
      />
    </li>
  );
}
