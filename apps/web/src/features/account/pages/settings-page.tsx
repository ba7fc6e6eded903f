import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@wattle/shared';
import { FileCogIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { PROFILE_QUERY_KEY, useProfile } from '../api/profile';
import type { Profile } from '@wattle/shared';
import { SETTINGS } from '../lib/settings';
import { ApiKeysPanel } from '@/features/developers/api-keys-panel';
import { WebhooksPanel } from '@/features/developers/webhooks-panel';
import { SecurityPanel } from '@/features/account-security/security-panel';

/** The tabs, by their `?tab=` value (the PDF settings have none), so each can be linked to. */
const TABS = ['pdf', 'security', 'api-keys', 'webhooks'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** A setting shows its new value at once; a failed save puts the old one back. */
function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileUpdate) => api.patch<Profile>('/api/profile', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: PROFILE_QUERY_KEY });
      const previous = queryClient.getQueryData<Profile>(PROFILE_QUERY_KEY);
      if (previous) queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, { ...previous, ...change } as Profile);
      return { previous };
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      toast({ title: 'Settings updated', description: 'Your settings have been updated successfully.', variant: 'success' });
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(PROFILE_QUERY_KEY, context.previous);
      toast({ title: 'Error', description: 'There was an error updating your settings.', variant: 'destructive' });
    },
  });
}

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'pdf';
  const choose = (value: string) => setParams(value === 'pdf' ? {} : { tab: value }, { replace: true });

  return (
    <>
      <PageHeader title="Settings" description="Choose how your PDFs are shown and made, keep your account secure, and connect scripts and other services." />
      <Tabs value={tab} onValueChange={choose}>
        <TabsList className="max-w-full">
          <TabsTrigger value="pdf">PDF</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="api-keys">API keys</TabsTrigger>
          <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
        </TabsList>
        <TabsContent value="pdf">
          <PdfSettings />
        </TabsContent>
        <TabsContent value="security">
          <SecurityPanel />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysPanel />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}

function PdfSettings() {
  const { data: profile } = useProfile();
  const save = useSaveSetting();

  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileCogIcon className="size-5 text-primary" aria-hidden="true" />
          PDF Settings
        </CardTitle>
        <CardDescription>Your defaults for viewing, exporting and creating PDFs. Each choice is saved as soon as you make it.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {SETTINGS.map((setting) => {
          const id = `setting-${setting.field}`;
          return (
            <div key={setting.field} className="grid gap-3 py-5 first:pt-0 last:pb-0 sm:grid-cols-[1fr_14rem] sm:items-center sm:gap-6">
              <div>
                <label htmlFor={id} className="text-sm font-medium">
                  {setting.label}
                </label>
                <p id={`${id}-description`} className="mt-1 text-sm text-muted-foreground">
                  {setting.description}
                </p>
              </div>
              {profile ? (
                <Select
                  value={String(profile[setting.field])}
                  onValueChange={(value) => save.mutate(setting.toUpdate(value))}
                >
                  <SelectTrigger id={id} aria-describedby={`${id}-description`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {setting.options.map((option) => (
                      <SelectItem key={String(option.value)} value={String(option.value)}>
                        {option.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              ) : (
                <Skeleton className="h-9 w-full" />
              )}
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
