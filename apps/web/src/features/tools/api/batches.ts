import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { submitMultipart, type JobRequest, type SubmitOptions } from '@/features/jobs/api/submit';
import { isFinished, PLAN_LIMITS, type Batch } from '@wattle/shared';

/** The most inputs one batch takes. */
export const MAX_BATCH_INPUTS = PLAN_LIMITS.free.batchFiles;

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
