import type { Tool } from '@wattle/shared';
import { useMemo } from 'react';
import { fetchDocumentBytes } from '@/features/documents/api/documents';
import type { JobInput } from '@/features/jobs/lib/inputs';
import { usePdfDocument, type PdfSource } from './use-pdf-document';

/**
 * The one input of a one-file tool, opened with pdf.js when the tool needs to see it (page thumbnails,
 * page checks, options read from the document).
 */
export function useInputPdf(tool: Tool, input: JobInput | undefined, needed: boolean) {
  const source = useMemo<PdfSource | null>(() => {
    if (!needed || !input || tool.maxFiles !== 1) return null;
    if (input.kind === 'upload') {
      const file = input.file;
      return () => file.arrayBuffer();
    }
    const id = input.document.id;
    return () => fetchDocumentBytes(id);
  }, [input, needed, tool.maxFiles]);
  return usePdfDocument(source);
}
