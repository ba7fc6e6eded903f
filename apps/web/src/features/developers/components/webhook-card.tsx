import { Trash2Icon, RotateCwIcon } from 'lucide-react';
import { useState } from 'react';
import type { Webhook } from '@wattle/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { OneTimeSecret, WEBHOOK_SECRET_TEXT } from './one-time-secret';

/** One webhook: where it sends what, on or off, its new secret once rotated, and its delivery log. */
export function WebhookCard({ webhook, manageable }: { webhook: Webhook; manageable: boolean }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotation = useRotateWebhookSecret();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const switchId = `webhook-enabled-${webhook.id}`;
  const deliveriesId = `webhook-deliveries-${webhook.id}`;
  const failed = (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' });

  const rotate = () => rotation.mutate(webhook.id, { onSuccess: (answer) => setSecret(answer.secret), onError: failed });

  return (
    <Card className="min-w-0 gap-3 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 className="font-mono text-sm break-all">{webhook.url}</h3>
          <p className="text-sm text-muted-foreground">{webhook.events.join(', ')}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Switch
            id={switchId}
            checked={webhook.enabled}
            disabled={!manageable}
            onCheckedChange={(enabled) => update.mutate({ id: webhook.id, changes: { enabled } }, { onError: failed })}
          />
          <label htmlFor={switchId} className="text-sm">
            {webhook.enabled ? 'On' : 'Off'}
          </label>
        </div>
      </div>
      {secret && <OneTimeSecret secret={secret} text={WEBHOOK_SECRET_TEXT} onDone={() => setSecret(null)} />}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" aria-expanded={showDeliveries} aria-controls={deliveriesId} onClick={() => setShowDeliveries(!showDeliveries)}>
          {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        {manageable && (
          <>
            <Button type="button" size="sm" variant="outline" disabled={rotation.isPending} onClick={rotate}>
              <RotateCwIcon aria-hidden="true" /> Rotate secret
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setConfirmingDelete(true)}>
              <Trash2Icon aria-hidden="true" /> Delete
            </Button>
          </>
        )}
      </div>
      {showDeliveries && (
        <div id={deliveriesId}>
          <WebhookDeliveries webhookId={webhook.id} manageable={manageable} />
        </div>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete this webhook?"
        description={`Events stop going to ${webhook.url}, and its delivery log is deleted.`}
        action="Delete"
        onConfirm={() =>
          // mutateAsync: this card leaves the list when the delete lands, and the toast must still show.
          remove.mutateAsync(webhook.id).then(() => toast({ title: 'Webhook deleted', description: 'No more events go to that address.', variant: 'success' }), failed)
        }
      />
    </Card>
  );
}
