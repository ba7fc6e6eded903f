import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { API_KEY_NAME_MAX } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fieldErrorsOf } from '@/lib/api-client';
import { useApiKeys, useCreateApiKey } from './api/api-keys';
import { ApiKeyItem } from './components/api-key-item';
import { API_KEY_SECRET_TEXT, OneTimeSecret } from './components/one-time-secret';
import { TeamSpaceNote, useMayManageDevelopers } from './components/team-space-note';

const DAY_MS = 86_400_000;
/** Expiry as a choice of lifetimes: nothing to get wrong across time zones. */
const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const;

/** The API keys tab of Settings: make a key (its secret shown once), and the space's keys with their usage. */
export function ApiKeysPanel() {
  const { data } = useApiKeys();
  const create = useCreateApiKey();
  const manages = useMayManageDevelopers();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>('90');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Enter a name' });
    setErrors({});
    const days = EXPIRY_CHOICES.find((choice) => choice.value === expiry)?.days ?? null;
    create.mutate(
      { name, expiresAt: days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString() },
      {
        onSuccess: (key) => {
          setSecret(key.secret);
          setName('');
        },
        onError: (error) => setErrors({ name: error.message, ...fieldErrorsOf(error) }),
      },
    );
  };

  return (
    <div className="max-w-3xl min-w-0 space-y-4">
      <TeamSpaceNote things="Keys" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>API keys</h2>
          </CardTitle>
          <CardDescription>
            Scripts call the Wattle PDF API as you with a key, sent as “Authorization: Bearer”. See the{' '}
            <Link to="/api" className="underline underline-offset-4">
              API documentation
            </Link>{' '}
            for examples.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {secret && <OneTimeSecret secret={secret} text={API_KEY_SECRET_TEXT} onDone={() => setSecret(null)} />}
          {manages && (
            <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end" noValidate>
              <div className="min-w-0 space-y-2">
                <Label htmlFor="api-key-name">Name</Label>
                <Input
                  id="api-key-name"
                  placeholder="Invoice script"
                  maxLength={API_KEY_NAME_MAX}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  aria-invalid={Boolean(errors.name)}
                  aria-describedby={errors.name ? 'api-key-name-error' : undefined}
                  required
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="api-key-expiry">Expires</Label>
                <Select value={expiry} onValueChange={setExpiry}>
                  <SelectTrigger id="api-key-expiry" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {EXPIRY_CHOICES.map((choice) => (
                      <SelectItem key={choice.value} value={choice.value}>
                        {choice.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Button type="submit" disabled={create.isPending}>
                Create key
              </Button>
              {(errors.name || errors.expiresAt) && (
                <p id="api-key-name-error" className="text-sm text-destructive sm:col-span-3">
                  {errors.name ?? errors.expiresAt}
                </p>
              )}
            </form>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Your keys</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {!data ? (
            <p className="text-sm text-muted-foreground">Loading keys…</p>
          ) : data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No API keys yet.</p>
          ) : (
            <ul className="divide-y">
              {data.items.map((key) => (
                <ApiKeyItem key={key.id} apiKey={key} manageable={manages} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
