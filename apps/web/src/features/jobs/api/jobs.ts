import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { submitMultipart, type JobRequest, type SubmitOptions } from './submit';
import { isFinished, type Job } from '@wattle/shared';

export const jobQueryKey = (id: string) => ['jobs', id] as const;

export function createJob(request: JobRequest, options?: SubmitOptions): Promise<Job> {
  return submitMultipart<Job>('/api/v1/jobs', request, options);
}

export function fetchJob(id: string): Promise<Job> {
  return api.get<Job>(`/api/v1/jobs/${encodeURIComponent(id)}`);
}

/** Polling interval when the event stream is not available, and a slow safety net while it is. */
const POLL_MS = 1000;
const SAFETY_POLL_MS = 5000;

/**
 * A job's live state. The job's event stream says when it changed and the query refetches (pushed
 * state is never kept); without the stream, it polls until the job has finished.
 */
export function useJob(id: string | undefined) {
  const queryClient = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  const query = useQuery({
    queryKey: jobQueryKey(id ?? ''),
    queryFn: () => fetchJob(id!),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && isFinished(q.state.data.status) ? false : streaming ? SAFETY_POLL_MS : POLL_MS),
  });
  const finished = query.data ? isFinished(query.data.status) : false;

  useEffect(() => {
    if (!id || finished || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/v1/jobs/${encodeURIComponent(id)}/events`);
    const changed = () => void queryClient.invalidateQueries({ queryKey: jobQueryKey(id) });
    source.addEventListener('open', () => setStreaming(true));
    source.addEventListener('job', changed);
    source.addEventListener('error', () => setStreaming(false));
    return () => {
      source.close();
      setStreaming(false);
    };
  }, [id, finished, queryClient]);

  return query;
}
