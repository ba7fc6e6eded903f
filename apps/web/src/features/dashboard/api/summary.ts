import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@wattle/shared';
import { api } from '@/lib/api-client';

/** Under ['dashboard'], which the documents, usage and job events invalidate. */
export const SUMMARY_QUERY_KEY = ['dashboard', 'summary'] as const;

export function useDashboardSummary() {
  return useQuery({ queryKey: SUMMARY_QUERY_KEY, queryFn: () => api.get<DashboardSummary>('/api/dashboard/summary') });
}

/** Spec: Storage Used in MB with two decimals. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
