import type { DocumentItem, JobOutput } from '@wattle/shared';
import type { JobRequest } from '../api/submit';

/**
 * A chosen input: a file from this device, a document already in My Documents, or the output of an
 * earlier job ("Continue with another tool", sent by id without a download and upload).
 */
export type JobInput =
  | { key: string; kind: 'upload'; file: File }
  | { key: string; kind: 'stored'; document: DocumentItem }
  | { key: string; kind: 'output'; output: JobOutput };

let counter = 0;
const nextKey = () => `input-${++counter}`;

export const uploadInput = (file: File): JobInput => ({ key: nextKey(), kind: 'upload', file });
export const storedInput = (document: DocumentItem): JobInput => ({ key: nextKey(), kind: 'stored', document });
export const outputInput = (output: JobOutput): JobInput => ({ key: nextKey(), kind: 'output', output });

export function inputName(input: JobInput): string {
  if (input.kind === 'upload') return input.file.name;
  return input.kind === 'stored' ? input.document.filename : input.output.filename;
}

export function inputSize(input: JobInput): number {
  if (input.kind === 'upload') return input.file.size;
  return input.kind === 'stored' ? input.document.file_size : input.output.size;
}

/** The media type: stored documents are always PDFs. */
export function inputType(input: JobInput): string {
  if (input.kind === 'upload') return input.file.type;
  return input.kind === 'stored' ? 'application/pdf' : input.output.contentType;
}

/** The API's order of inputs: uploaded files, then stored documents, then earlier outputs. */
const KIND_ORDER: readonly JobInput['kind'][] = ['upload', 'stored', 'output'];
const grouped = (inputs: readonly JobInput[]) => KIND_ORDER.flatMap((kind) => inputs.filter((i) => i.kind === kind));

/** New inputs join the end of their kind, so the list stays in the order the API takes. */
export function addInputs(current: readonly JobInput[], added: readonly JobInput[]): JobInput[] {
  return grouped([...current, ...added]);
}

/** Whether the input at `index` can swap with its neighbour in `direction` (only within its kind). */
export function canMove(inputs: readonly JobInput[], index: number, direction: -1 | 1): boolean {
  const other = inputs[index + direction];
  return other !== undefined && other.kind === inputs[index]?.kind;
}

const byName = new Intl.Collator('en-AU', { numeric: true, sensitivity: 'base' });

/** "Sort A–Z": by name within each kind, with numbers in the order people count them. */
export function sortByName(inputs: readonly JobInput[]): JobInput[] {
  return KIND_ORDER.flatMap((kind) => inputs.filter((i) => i.kind === kind).sort((a, b) => byName.compare(inputName(a), inputName(b))));
}

export function requestFor(tool: string, options: Record<string, unknown>, inputs: readonly JobInput[]): JobRequest {
  return {
    tool,
    options,
    files: inputs.flatMap((i) => (i.kind === 'upload' ? [i.file] : [])),
    fileIds: inputs.flatMap((i) => (i.kind === 'stored' ? [i.document.id] : [])),
    outputIds: inputs.flatMap((i) => (i.kind === 'output' ? [i.output.id] : [])),
  };
}
