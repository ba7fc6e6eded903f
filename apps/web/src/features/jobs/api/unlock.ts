import { ApiError } from '@/lib/api-client';
import { inputName, requestFor, type JobInput } from '../lib/inputs';
import { createJob, fetchJob } from './jobs';
import { isFinished, type Job } from '@wattle/shared';

const POLL_MS = 700;

/** Polls a job until it has finished (a short helper for chained steps, not for the UI's own state). */
export async function waitForJob(id: string, signal?: AbortSignal): Promise<Job> {
  for (;;) {
    const job = await fetchJob(id);
    if (isFinished(job.status)) return job;
    if (signal?.aborted) throw new DOMException('Cancelled', 'AbortError');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Runs the unlock tool on one input with the password the person typed and answers the unlocked PDF
 * as a file under the original name, ready to run the tool they wanted. Rejects with the job's
 * error (WRONG_PASSWORD) as an ApiError.
 */
export async function unlockInput(input: JobInput, password: string): Promise<File> {
  const created = await createJob(requestFor('unlock', { password }, [input]));
  const job = await waitForJob(created.id);
  const output = job.outputs[0];
  if (job.status === 'failed' || !output) {
    throw new ApiError({ code: job.error?.code ?? 'INTERNAL', status: 422, message: job.error?.message ?? '' });
  }
  const response = await fetch(output.downloadUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError({ code: 'NOT_FOUND', status: response.status, message: '' });
  return new File([await response.blob()], inputName(input), { type: 'application/pdf' });
}
