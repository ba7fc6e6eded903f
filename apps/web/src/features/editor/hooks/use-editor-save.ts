import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobOutput } from '@wattle/shared';
import { fetchDocumentBytes } from '@/features/documents/api/documents';
import { useJobRun } from '@/features/jobs/hooks/use-job-run';
import { describeError } from '@/features/jobs/lib/job-errors';
import { ApiError, fieldErrorsOf, isApiError } from '@/lib/api-client';
import { saveVersion } from '../api/versions';
import { buildOperations } from '../model/operations';
import type { EditorState } from '../model/types';

/** Where the PDF being edited lives: a stored document (saved as a new version) or a file in the browser. */
export type EditorSource = { kind: 'document'; id: string; filename: string } | { kind: 'file'; file: File };

export interface SaveProblem {
  title: string;
  message: string;
  fields: string[];
}

export type SaveStatus = { name: 'idle' } | { name: 'saving'; percent: number } | { name: 'failed'; problem: SaveProblem };

const extension = (blob: Blob) => (blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg');

/**
 * Saving: the operations document goes to the `edit` tool with the images as files; the result
 * becomes the document's new version (or, for a file, the visitor's download), and its bytes the
 * editor's new base.
 */
export function useEditorSave(source: EditorSource, onSaved: (bytes: ArrayBuffer, output: JobOutput) => void) {
  const run = useJobRun();
  const [status, setStatus] = useState<SaveStatus>({ name: 'idle' });
  const handled = useRef<string | null>(null);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  const save = useCallback(
    (state: EditorState, flatten: boolean, pageCount: number) => {
      const { operations, images, pdfs } = buildOperations(state, flatten, pageCount);
      if (operations.length === 0) return;
      setStatus({ name: 'saving', percent: 0 });
      const imageFiles = images.map((blob, i) => new File([blob], `image-${i + 1}.${extension(blob)}`, { type: blob.type }));
      void run.start({
        tool: 'edit',
        options: { version: 1, operations },
        // The PDF edited comes first (or is the stored document); the PDFs to insert follow, numbered in order.
        files: source.kind === 'file' ? [source.file, ...imageFiles, ...pdfs] : [...imageFiles, ...pdfs],
        fileIds: source.kind === 'document' ? [source.id] : [],
      });
    },
    [run, source],
  );

  const { stage, job } = run;
  useEffect(() => {
    if (stage.name === 'uploading') setStatus({ name: 'saving', percent: Math.round(stage.fraction * 50) });
    if (stage.name === 'refused') setStatus({ name: 'failed', problem: problemOf(stage.error) });
  }, [stage]);

  useEffect(() => {
    if (!job || handled.current === job.id) return;
    if (job.status === 'failed') {
      handled.current = job.id;
      setStatus({ name: 'failed', problem: problemOf(job.error ?? { code: 'INTERNAL' }) });
      return;
    }
    if (job.status !== 'succeeded') {
      setStatus({ name: 'saving', percent: 50 + Math.round(job.progress / 2) });
      return;
    }
    handled.current = job.id;
    const output = job.outputs[0];
    if (!output) return;
    void (async () => {
      try {
        let bytes: ArrayBuffer;
        if (source.kind === 'document') {
          await saveVersion(source.id, output.id);
          bytes = await fetchDocumentBytes(source.id);
        } else {
          const response = await fetch(output.downloadUrl, { credentials: 'same-origin' });
          if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
          bytes = await response.arrayBuffer();
        }
        setStatus({ name: 'idle' });
        saved.current(bytes, output);
      } catch (error) {
        setStatus({ name: 'failed', problem: problemOf(isApiError(error) ? error : { code: 'NETWORK_ERROR', message: 'Could not reach the server. Check your connection and try again.' }) });
      }
    })();
  }, [job, source]);

  return { status, save, dismiss: () => setStatus({ name: 'idle' }) };
}

/** The job's (or the refusal's) message, with the field details the server named. */
function problemOf(error: { code: string; message?: string; details?: unknown }): SaveProblem {
  const { title, message } = describeError(error);
  const asApiError = isApiError(error) ? error : new ApiError({ code: error.code, status: 0, message, details: error.details });
  const fields = Object.entries(fieldErrorsOf(asApiError)).map(([field, text]) => `${field}: ${text}`);
  return { title, message, fields };
}
