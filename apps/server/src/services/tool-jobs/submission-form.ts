import { AppError, getTool, submittedFileIdsSchema, type Tool } from '@wattle/shared';
import type { Ports } from '../../ports.ts';
import { userIdOf } from '../../domain/owner.ts';
import { withAccountDefaults } from './account-defaults.ts';
import { limitsFor, type Caller } from './admission.ts';

/**
 * Reads a tool submission's fields (tool, options, fileIds, outputIds, files) against the registry, all at once,
 * so every mistake comes back in one VALIDATION_FAILED with field errors.
 */

export interface UploadBody {
  fields: Record<string, string>;
  files: { field: string; filename: string; path: string; size: number }[];
}

export interface SubmissionForm {
  tool: Tool;
  /** The tool's options, parsed with their defaults. */
  options: unknown;
  /** Stored documents to use as inputs, without repeats. */
  fileIds: string[];
  /** The caller's own outputs to use as inputs (after the documents), without repeats. */
  outputIds: string[];
}

/** One input per job: tools that combine files (merge) or take none (blank-pdf) cannot run as a batch. */
export const batchable = (tool: Tool) => tool.minFiles <= 1 && tool.maxFiles >= 1;

function fileCountRule(tool: Tool): string {
  if (tool.maxFiles === 0) return 'This tool takes no files.';
  if (tool.minFiles === tool.maxFiles) return `This tool takes ${tool.minFiles} file${tool.minFiles === 1 ? '' : 's'}.`;
  return `This tool takes ${tool.minFiles} to ${tool.maxFiles} files.`;
}

export async function readSubmissionForm(container: Pick<Ports, 'config' | 'db'>, caller: Caller, body: UploadBody, mode: 'job' | 'batch'): Promise<SubmissionForm> {
  const limits = limitsFor(container, caller.owner);
  const fieldErrors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (fieldErrors[key] ??= []).push(message);

  const tool = getTool(body.fields.tool ?? '');
  if (!tool) add('tool', body.fields.tool ? 'There is no tool with this id.' : 'Choose a tool.');

  let rawOptions: unknown = {};
  if (body.fields.options !== undefined && body.fields.options.trim() !== '') {
    try {
      rawOptions = JSON.parse(body.fields.options);
    } catch {
      add('options', 'Options must be JSON.');
    }
  }
  let options: unknown;
  if (tool && !fieldErrors.options) {
    const parsed = tool.options.safeParse(await withAccountDefaults(container, caller, tool, rawOptions));
    if (parsed.success) options = parsed.data;
    else for (const issue of parsed.error.issues) add(['options', ...issue.path].join('.'), issue.message);
  }

  const idList = (field: 'fileIds' | 'outputIds', what: string): string[] => {
    const text = body.fields[field];
    if (text === undefined || text.trim() === '') return [];
    try {
      const parsed = submittedFileIdsSchema.safeParse(JSON.parse(text));
      if (parsed.success) return [...new Set(parsed.data)];
      add(field, `Give a JSON array of at most 100 ${what} ids.`);
    } catch {
      add(field, `Give a JSON array of ${what} ids.`);
    }
    return [];
  };
  if (body.fields.fileIds?.trim() && !userIdOf(caller.owner)) throw new AppError('UNAUTHORIZED');
  const fileIds = idList('fileIds', 'document');
  const outputIds = idList('outputIds', 'output');
  for (const file of body.files) if (file.field !== 'files') add(file.field, 'Send files in the "files" field.');

  const count = body.files.length + fileIds.length + outputIds.length;
  if (tool && mode === 'job' && (count < tool.minFiles || count > tool.maxFiles)) {
    add('files', fileCountRule(tool));
  }
  if (tool && mode === 'batch') {
    if (!batchable(tool)) add('tool', tool.maxFiles === 0 ? 'This tool takes no files, so it cannot run as a batch.' : 'This tool combines several files, so it cannot run as a batch.');
    if (count < 1 || count > limits.maxBatchInputs) add('files', `A batch takes 1 to ${limits.maxBatchInputs} files.`);
  }
  if (Object.keys(fieldErrors).length > 0 || !tool) throw new AppError('VALIDATION_FAILED', { fieldErrors });
  return { tool, options, fileIds, outputIds };
}
