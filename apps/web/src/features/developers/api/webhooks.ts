import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhook, UpdateWebhook, Webhook, WebhookDelivery, WebhookDeliveryPage, WebhookList, WebhookWithSecret } from '@wattle/shared';
import { api } from '@/lib/api-client';

export const WEBHOOKS_KEY = ['webhooks'] as const;

const webhookPath = (id: string, action = '') => `/api/v1/webhooks/${encodeURIComponent(id)}${action}`;

export function useWebhooks() {
  return useQuery({ queryKey: [...WEBHOOKS_KEY, 'list'], queryFn: ({ signal }) => api.get<WebhookList>('/api/v1/webhooks', { signal }) });
}

export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, id, 'deliveries', { page }],
    queryFn: ({ signal }) => api.get<WebhookDeliveryPage>(webhookPath(id, '/deliveries'), { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
}

export function useCreateWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (body: CreateWebhook) => api.post<WebhookWithSecret>('/api/v1/webhooks', body), onSuccess: refresh });
}

export function useUpdateWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: ({ id, changes }: { id: string; changes: UpdateWebhook }) => api.patch<Webhook>(webhookPath(id), changes), onSuccess: refresh });
}

/** Answers the webhook with its new secret, shown this once. */
export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: (id: string) => api.post<WebhookWithSecret>(webhookPath(id, '/rotate-secret')) });
}

export function useDeleteWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(webhookPath(id)), onSuccess: refresh });
}

export function useResendDelivery(webhookId: string) {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post<WebhookDelivery>(webhookPath(webhookId, `/deliveries/${encodeURIComponent(deliveryId)}/resend`)),
    onSuccess: refresh,
  });
}
