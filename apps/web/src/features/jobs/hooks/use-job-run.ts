import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError } from '@/lib/api-client';
import { createJob, useJob } from '../api/jobs';
import type { JobRequest } from '../api/submit';

type Stage = { name: 'idle' } | { name: 'uploading'; fraction: number } | { name: 'submitted'; jobId: string } | { name: 'refused'; error: ApiError };

/**
 * One run of a tool: the upload (with progress), then the job's live state. `refused` is a request the
 * API turned down before any job existed (bad options, too large, rate limited).
 */
export function useJobRun() {
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const job = useJob(stage.name === 'submitted' ? stage.jobId : undefined);

  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async (request: JobRequest) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStage({ name: 'uploading', fraction: 0 });
    try {
      const created = await createJob(request, {
        signal: controller.signal,
        onUploadProgress: (fraction) => setStage({ name: 'uploading', fraction }),
      });
      setStage({ name: 'submitted', jobId: created.id });
    } catch (error) {
      if (controller.signal.aborted) return;
      const refused = isApiError(error) ? error : new ApiError({ code: 'INTERNAL', status: 0, message: 'An unexpected error occurred. Please try again later.' });
      setStage({ name: 'refused', error: refused });
    }
  }, []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setStage({ name: 'idle' });
  }, []);

  return { stage, job: stage.name === 'submitted' ? job.data : undefined, start, reset };
}
