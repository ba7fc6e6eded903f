import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, WEBHOOKS_MAX, type WebhookEvent } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fieldErrorsOf } from '@/lib/api-client';
import { useCreateWebhook, useWebhooks } from './api/webhooks';
import { WebhookCard } from './components/webhook-card';
import { OneTimeSecret, WEBHOOK_SECRET_TEXT } from './components/one-time-secret';
import { TeamSpaceNote, useMayManageDevelopers } from './components/team-space-note';

const EVENT_LABEL: Record<WebhookEvent, string> = {
  'job.succeeded': 'A job finished',
  'job.failed': 'A job failed',
  'batch.finished': 'A batch finished',
  'document.created': 'A document was saved to My Documents',
  'link.viewed': 'A share link was opened',
};

/** The Webhooks tab of Settings: the space's endpoints, a form for a new one, and each one's log. */
export function WebhooksPanel() {
  const { data } = useWebhooks();
  const create = useCreateWebhook();
  const manages = useMayManageDevelopers();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['job.succeeded', 'job.failed']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const full = (data?.items.length ?? 0) >= WEBHOOKS_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) return setErrors({ events: 'Choose at least one event' });
    setErrors({});
    create.mutate(
      { url, events },
      {
        onSuccess: (webhook) => {
          setSecret(webhook.secret);
          setUrl('');
        },
        onError: (error) => {
          // Field messages where the server gave them (events.0 belongs to the events); else the reason under the address.
          const fields = Object.entries(fieldErrorsOf(error)).map(([field, message]) => [field.split('.')[0]!, message]);
          setErrors(fields.length > 0 ? Object.fromEntries(fields) : { url: error.message });
        },
      },
    );
  };

  return (
    <div className="max-w-3xl min-w-0 space-y-4">
      <TeamSpaceNote things="Webhooks" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Webhooks</h2>
          </CardTitle>
          <CardDescription>We send a signed POST (Standard Webhooks) to your address when these events happen. Up to {WEBHOOKS_MAX} webhooks.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {secret && <OneTimeSecret secret={secret} text={WEBHOOK_SECRET_TEXT} onDone={() => setSecret(null)} />}
          {manages && (
            <form onSubmit={submit} className="space-y-4" noValidate>
              <div className="space-y-2">
                <Label htmlFor="webhook-url">Address</Label>
                <Input
                  id="webhook-url"
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com.au/hooks/wattle"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  aria-invalid={Boolean(errors.url)}
                  aria-describedby={errors.url ? 'webhook-url-error' : undefined}
                  required
                />
                {errors.url && (
                  <p id="webhook-url-error" className="text-sm text-destructive">
                    {errors.url}
                  </p>
                )}
              </div>
              <fieldset className="space-y-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
                <legend className="text-sm font-medium">Events</legend>
                {WEBHOOK_EVENTS.map((name) => (
                  <div key={name} className="flex items-center gap-2">
                    <Checkbox
                      id={`webhook-event-${name}`}
                      checked={events.includes(name)}
                      onCheckedChange={(checked) => setEvents(checked === true ? [...events, name] : events.filter((e) => e !== name))}
                    />
                    <Label htmlFor={`webhook-event-${name}`} className="flex-wrap gap-x-2 gap-y-0 font-normal">
                      {EVENT_LABEL[name]} <span className="font-mono text-xs text-muted-foreground">{name}</span>
                    </Label>
                  </div>
                ))}
                {errors.events && (
                  <p id="webhook-events-error" className="text-sm text-destructive">
                    {errors.events}
                  </p>
                )}
              </fieldset>
              <Button type="submit" disabled={create.isPending || full}>
                Add webhook
              </Button>
              {full && <p className="text-sm text-muted-foreground">You have {WEBHOOKS_MAX} webhooks: delete one to add another.</p>}
            </form>
          )}
        </CardContent>
      </Card>
      {data?.items.map((webhook) => <WebhookCard key={webhook.id} webhook={webhook} manageable={manages} />)}
    </div>
  );
}
