import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { submitMultipart, type JobRequest, type SubmitOptions } from '@/features/jobs/api/submit';
import type { Job, JobStatus } from '@/features/jobs/api/types';
import { isFinished } from '@/features/jobs/api/types';

/** A batch: one job per input, as docs/api/jobs.md defines it. */
export interface Batch {
  id: string;
  tool: string;
  status: JobStatus;
  progress: number;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
  counts: { total: number; queued: number; running: number; succeeded: number; failed: number };
  jobs: Job[];
  zipUrl: string;
}

/** The most inputs one batch takes. */
export const MAX_BATCH_INPUTS = 100;

export function createBatch(request: JobRequest, options?: SubmitOptions): Promise<Batch> {
  return submitMultipart<Batch>('/api/v1/batches', request, options);
}

const POLL_MS = 1000;

/** A batch's live state; under 'jobs' so the realtime job.updated event refetches it at once. */
export function useBatch(id: string | undefined) {
  return useQuery({
    queryKey: ['jobs', 'batch', id ?? ''],
    queryFn: () => api.get<Batch>(`/api/v1/batches/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && isFinished(q.state.data.status) ? false : POLL_MS),
  });
}
