import { useMutation } from '@tanstack/react-query';
import type { SupportTicketInput } from '@wattle/shared';
import { api } from '@/lib/api-client';

export interface SupportTicket {
  id: string;
  reference: string;
  subject: string;
  created_at: string;
}

/** `POST /api/support/tickets`: stored, and mailed to the support team with replies to the user. */
export function useFileTicket() {
  return useMutation({ mutationFn: (input: SupportTicketInput) => api.post<SupportTicket>('/api/support/tickets', input) });
}
