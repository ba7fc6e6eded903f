import type { Tool } from '@wattle/shared';
import { useState } from 'react';
import type { DocumentItem } from '@wattle/shared';
import { addInputs, inputSize, storedInput, uploadInput, type JobInput } from '@/features/jobs/lib/inputs';
import type { ToolLimits } from '@wattle/shared';
import { checkNewFiles } from '../lib/file-checks';

/**
 * The files a tool runs on: chosen on this device or from My Documents, checked against the tool's
 * kinds and limits, or carried over from the last tool's result (`initial`). A one-file tool replaces its
 * file; others add to the list. `onChange` hears of every
 * new list the person makes (not of an unlocked copy swapped in, which is the same document).
 */
export function useToolInputs(tool: Tool, limits: ToolLimits | undefined, onChange: () => void, initial: () => JobInput[] = () => []) {
  const [inputs, setInputs] = useState<JobInput[]>(initial);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const kept = () => (tool.maxFiles === 1 ? [] : inputs);

  const change = (next: JobInput[]) => {
    setInputs(next);
    onChange();
  };

  const addFiles = (files: File[]) => {
    const keep = kept();
    const { accepted, errors } = checkNewFiles(files, keep.map((i) => ({ size: inputSize(i) })), {
      accepts: tool.accepts,
      maxFiles: tool.maxFiles,
      maxFileBytes: limits?.maxFileBytes,
      maxTotalBytes: limits?.maxTotalBytes,
    });
    setFileErrors(errors);
    if (accepted.length > 0) change(addInputs(keep, accepted.map(uploadInput)));
  };

  const addDocuments = (documents: DocumentItem[]) => change(addInputs(kept(), documents.map(storedInput)));

  const clear = () => {
    setInputs([]);
    setFileErrors([]);
  };

  return {
    inputs,
    fileErrors,
    addFiles,
    addDocuments,
    change,
    /** Swaps in an unlocked copy of the same document. */
    replace: setInputs,
    clearErrors: () => setFileErrors([]),
    clear,
  };
}
