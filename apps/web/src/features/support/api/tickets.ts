import { useMutation } from '@tanstack/react-query';
import type { SupportTicket, SupportTicketInput } from '@wattle/shared';
import { api } from '@/lib/api-client';

/** `POST /api/support/tickets`: stored, and mailed to the support team with replies to the user. */
export function useFileTicket() {
  return useMutation({ mutationFn: (input: SupportTicketInput) => api.post<SupportTicket>('/api/support/tickets', input) });
}
