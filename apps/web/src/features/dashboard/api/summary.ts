import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/dashboard/summary`: usage and the last 24 hours' activity. */
export interface DashboardSummary {
  pdfs_processed: number;
  storage_used: number;
  storage_limit: number;
  recent_activity: { uploads: number; jobs: number; total: number; since: string };
}

/** Under ['dashboard'], which the documents, usage and job events invalidate. */
export const SUMMARY_QUERY_KEY = ['dashboard', 'summary'] as const;

export function useDashboardSummary() {
  return useQuery({ queryKey: SUMMARY_QUERY_KEY, queryFn: () => api.get<DashboardSummary>('/api/dashboard/summary') });
}

/** Spec: Storage Used in MB with two decimals. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
