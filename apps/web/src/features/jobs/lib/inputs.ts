import type { DocumentItem } from '@wattle/shared';
import type { JobRequest } from '../api/submit';

/** A chosen input: a file from this device, or a document already in My Documents. */
export type JobInput = { key: string; kind: 'upload'; file: File } | { key: string; kind: 'stored'; document: DocumentItem };

let counter = 0;
const nextKey = () => `input-${++counter}`;

export const uploadInput = (file: File): JobInput => ({ key: nextKey(), kind: 'upload', file });
export const storedInput = (document: DocumentItem): JobInput => ({ key: nextKey(), kind: 'stored', document });

export function inputName(input: JobInput): string {
  return input.kind === 'upload' ? input.file.name : input.document.filename;
}

export function inputSize(input: JobInput): number {
  return input.kind === 'upload' ? input.file.size : input.document.file_size;
}

/**
 * The API takes uploads first, then stored documents, so the list is kept in that order: new uploads
 * go after the other uploads, new stored documents at the end.
 */
export function addInputs(current: readonly JobInput[], added: readonly JobInput[]): JobInput[] {
  const all = [...current, ...added];
  return [...all.filter((i) => i.kind === 'upload'), ...all.filter((i) => i.kind === 'stored')];
}

/** Whether the input at `index` can swap with its neighbour in `direction` (only within its kind). */
export function canMove(inputs: readonly JobInput[], index: number, direction: -1 | 1): boolean {
  const other = inputs[index + direction];
  return other !== undefined && other.kind === inputs[index]?.kind;
}

export function requestFor(tool: string, options: Record<string, unknown>, inputs: readonly JobInput[]): JobRequest {
  return {
    tool,
    options,
    files: inputs.flatMap((i) => (i.kind === 'upload' ? [i.file] : [])),
    fileIds: inputs.flatMap((i) => (i.kind === 'stored' ? [i.document.id] : [])),
  };
}
