/** The jobs API's shapes, as docs/api/jobs.md defines them. */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobOutput {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  pages: number | null;
  /** What changed beyond the tool's purpose, e.g. that the result is no longer PDF/A. */
  notes: { code: string; message: string }[];
  /** Relative and signed: works without cookies until expiresAt. */
  downloadUrl: string;
  expiresAt: string;
}

export interface Job {
  id: string;
  tool: string;
  status: JobStatus;
  /** 0–100. */
  progress: number;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
  batchId: string | null;
  inputs: { filename: string; size: number }[];
  error?: { code: string; message: string };
  outputs: JobOutput[];
}

/** An output as the Downloads list gives it. */
export interface ListedOutput extends JobOutput {
  jobId: string;
  tool: string;
  createdAt: string;
  savedDocumentId: string | null;
}

export function isFinished(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}
