import type { DocumentItem } from '@wattle/shared';
import { storedInput, uploadInput, type JobInput } from '@/features/jobs/lib/inputs';

/**
 * Files on their way to a tool page, carried in the navigation state (kept in memory by the browser,
 * never uploaded before the tool runs): the landing page's drop zone hands over the files dropped on
 * it, My Documents the documents chosen. The tool page starts with them as if chosen there.
 */
interface Handed {
  files?: File[];
  documents?: DocumentItem[];
}

export const handoffState = (handed: Handed) => ({ handed });

export function handedInputs(state: unknown): JobInput[] {
  const handed = (state as { handed?: Handed } | null)?.handed;
  return [...(handed?.files ?? []).map(uploadInput), ...(handed?.documents ?? []).map(storedInput)];
}
