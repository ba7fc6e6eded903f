import type { Clock } from '../adapters/clock.ts';
import type { JobView } from '../services/tool-jobs/views.ts';
import type { TestClient } from './harness.ts';

export interface FormFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A job submission as a browser sends it: the text fields first, then the files. */
export function jobForm(tool: string, files: FormFile[] = [], extra: { options?: unknown; fileIds?: string[]; rawOptions?: string } = {}): FormData {
  const form = new FormData();
  form.append('tool', tool);
  if (extra.rawOptions !== undefined) form.append('options', extra.rawOptions);
  else if (extra.options !== undefined) form.append('options', JSON.stringify(extra.options));
  if (extra.fileIds) form.append('fileIds', JSON.stringify(extra.fileIds));
  for (const file of files) form.append('files', new Blob([file.bytes as BlobPart], { type: file.type ?? 'application/pdf' }), file.name);
  return form;
}

export async function postJob(client: TestClient, form: FormData, path = '/api/v1/jobs'): Promise<Response> {
  return client.request(path, { method: 'POST', body: form });
}

/**
 * Follows the job's own SSE stream until it reports a terminal status (the stream then ends):
 * no polling loop in the test, the server says when.
 */
export async function waitForJob(client: TestClient, id: string): Promise<JobView> {
  const res = await client.request(`/api/v1/jobs/${id}/events`);
  if (res.status !== 200) throw new Error(`events: ${res.status} ${await res.text()}`);
  const text = await res.text();
  const events = text
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => !!line)
    .map((line) => JSON.parse(line.slice(6)) as JobView);
  const last = events.at(-1);
  if (!last || (last.status !== 'succeeded' && last.status !== 'failed')) throw new Error(`job ${id} did not finish: ${text.slice(-500)}`);
  return last;
}

/** A clock tests move by hand (retention, rate-limit windows). */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(date) {
      now = date.getTime();
    },
  };
}
