import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { openPdf, PdfOpenError, type PdfOpenFailure } from '../lib/pdfjs';

/** Reads the PDF's bytes when the document is opened (a chosen file, or a stored one fetched then). */
export type PdfSource = () => Promise<ArrayBuffer>;

export type PdfDocumentState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; doc: PDFDocumentProxy; pageCount: number }
  | { status: 'error'; reason: PdfOpenFailure };

/** Opens a PDF for thumbnails; closes it when the source changes. */
export function usePdfDocument(source: PdfSource | null): PdfDocumentState {
  const [state, setState] = useState<PdfDocumentState>({ status: 'idle' });

  useEffect(() => {
    if (!source) {
      setState({ status: 'idle' });
      return;
    }
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    setState({ status: 'loading' });
    (async () => {
      const doc = await openPdf(await source());
      opened = doc;
      if (cancelled) void doc.destroy();
      else setState({ status: 'ready', doc, pageCount: doc.numPages });
    })().catch((error: unknown) => {
      if (!cancelled) setState({ status: 'error', reason: error instanceof PdfOpenError ? error.reason : 'unreadable' });
    });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [source]);

  return state;
}
