import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchDocumentBytes } from '@/features/documents/api/documents';
import { inputType, type JobInput } from '@/features/jobs/lib/inputs';
import { openPdf, PdfOpenError } from '../lib/pdfjs';
import type { PdfDocumentState } from './use-pdf-document';

/** What a chosen file shows in the list: its first page (and page count) drawn by pdf.js, or the image itself. */
export type InputPreview = { kind: 'pdf'; state: PdfDocumentState } | { kind: 'image'; url: string } | { kind: 'none' };

const NONE: InputPreview = { kind: 'none' };

export function pdfBytes(input: JobInput): Promise<ArrayBuffer> {
  if (input.kind === 'upload') return input.file.arrayBuffer();
  if (input.kind === 'stored') return fetchDocumentBytes(input.document.id);
  return fetch(input.output.downloadUrl, { credentials: 'same-origin' }).then((response) => {
    if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
    return response.arrayBuffer();
  });
}

const isPdf = (input: JobInput) => inputType(input) === 'application/pdf' || (input.kind === 'upload' && /\.pdf$/i.test(input.file.name));

/**
 * Every chosen file opened once for its preview, and closed when it leaves the list. The single input
 * of a one-file tool is the same document the page grid and the options read.
 */
export function useInputPreviews(inputs: readonly JobInput[]): (input: JobInput | undefined) => InputPreview {
  const [previews, setPreviews] = useState<ReadonlyMap<string, InputPreview>>(new Map());
  const open = useRef(new Map<string, () => void>());

  useEffect(() => {
    const keys = new Set(inputs.map((i) => i.key));
    for (const [key, close] of open.current) {
      if (keys.has(key)) continue;
      close();
      open.current.delete(key);
    }
    const set = (key: string, preview: InputPreview) => setPreviews((current) => (open.current.has(key) ? new Map(current).set(key, preview) : current));
    for (const input of inputs) {
      if (open.current.has(input.key)) continue;
      if (isPdf(input)) {
        let closed = false;
        let destroy = () => {};
        open.current.set(input.key, () => {
          closed = true;
          destroy();
        });
        set(input.key, { kind: 'pdf', state: { status: 'loading' } });
        pdfBytes(input)
          .then(openPdf)
          .then(
            (doc) => {
              destroy = () => void doc.destroy();
              if (closed) destroy();
              else set(input.key, { kind: 'pdf', state: { status: 'ready', doc, pageCount: doc.numPages } });
            },
            (error: unknown) => !closed && set(input.key, { kind: 'pdf', state: { status: 'error', reason: error instanceof PdfOpenError ? error.reason : 'unreadable' } }),
          );
      } else if (inputType(input).startsWith('image/')) {
        const url = input.kind === 'upload' ? URL.createObjectURL(input.file) : input.kind === 'output' ? input.output.downloadUrl : '';
        open.current.set(input.key, () => input.kind === 'upload' && URL.revokeObjectURL(url));
        set(input.key, { kind: 'image', url });
      } else {
        open.current.set(input.key, () => {});
      }
    }
  }, [inputs]);

  // Everything still open is closed when the page goes.
  useEffect(() => {
    const current = open.current;
    return () => {
      for (const close of current.values()) close();
      current.clear();
    };
  }, []);

  return useCallback((input) => (input && previews.get(input.key)) || NONE, [previews]);
}
