import { useState } from 'react';
import type { WebhookDelivery } from '@wattle/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDateTime } from '@/lib/dates';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';

const STATUS_LABEL: Record<WebhookDelivery['status'], string> = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' };
const STATUS_VARIANT = { pending: 'secondary', succeeded: 'default', failed: 'destructive' } as const;

/** A webhook's delivery log, newest first, with a Resend for each delivery (for those who may). */
export function WebhookDeliveries({ webhookId, manageable }: { webhookId: string; manageable: boolean }) {
  const [page, setPage] = useState(1);
  const { data } = useWebhookDeliveries(webhookId, page);
  const resend = useResendDelivery(webhookId);
  const { locale, timeZone } = usePreferences();

  if (!data) return <p className="text-sm text-muted-foreground">Loading deliveries…</p>;
  if (data.total === 0) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  const pages = Math.ceil(data.total / data.pageSize);

  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Event</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Response</TableHead>
              <TableHead>Attempts</TableHead>
              <TableHead>Sent</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.items.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell className="font-mono text-xs">{delivery.event}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[delivery.status]}>{STATUS_LABEL[delivery.status]}</Badge>
                </TableCell>
                <TableCell title={delivery.lastError ?? undefined}>{delivery.lastStatusCode ?? (delivery.lastError ? 'No answer' : '–')}</TableCell>
                <TableCell>{delivery.attempts}</TableCell>
                <TableCell>{formatDateTime(delivery.createdAt, locale, timeZone)}</TableCell>
                <TableCell className="text-right">
                  {manageable && (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={resend.isPending}
                      onClick={() =>
                        resend.mutate(delivery.id, {
                          onSuccess: () => toast({ title: 'Delivery queued', description: 'It will be sent again in a moment.', variant: 'success' }),
                          onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
                        })
                      }
                    >
                      Resend
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button type="button" size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button type="button" size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </div>
      )}
    </div>
  );
}
