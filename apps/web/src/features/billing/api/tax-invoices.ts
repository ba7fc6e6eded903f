import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingDetails, BillingDetailsInput, TaxInvoice } from '@wattle/shared';
import { api } from '@/lib/api-client';

export const INVOICES_QUERY_KEY = ['billing', 'invoices'] as const;
export const BILLING_DETAILS_QUERY_KEY = ['billing', 'details'] as const;

/** The space's tax invoices, newest first (a team's for its owner and admins). */
export function useTaxInvoices() {
  return useQuery({ queryKey: INVOICES_QUERY_KEY, queryFn: () => api.get<{ invoices: TaxInvoice[] }>('/api/billing/invoices').then((body) => body.invoices) });
}

export function useBillingDetails() {
  return useQuery({ queryKey: BILLING_DETAILS_QUERY_KEY, queryFn: () => api.get<BillingDetails>('/api/billing/details') });
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: BillingDetailsInput) => api.put<BillingDetails>('/api/billing/details', details),
    onSuccess: (details) => queryClient.setQueryData(BILLING_DETAILS_QUERY_KEY, details),
  });
}
