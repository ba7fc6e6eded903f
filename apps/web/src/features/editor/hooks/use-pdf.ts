import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf, PdfPasswordError } from '@/features/documents/lib/pdf';
import type { PageSlot } from '../model/types';

export type OpenedPdf = { doc: PDFDocumentProxy; pages: PageSlot[] };
type Opening = { name: 'opening' } | { name: 'open'; pdf: OpenedPdf } | { name: 'failed'; message: string };

/** Opens the bytes with pdf.js and reads every page's size (in points, as it is shown). */
export function usePdf(bytes: ArrayBuffer | null): Opening {
  const [opening, setOpening] = useState<Opening>({ name: 'opening' });
  useEffect(() => {
    if (!bytes) return;
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    setOpening({ name: 'opening' });
    // pdf.js takes the buffer over: give it a copy so the caller's bytes stay usable.
    openPdf(bytes.slice(0))
      .then(async (doc) => {
        opened = doc;
        // All at once: the worker answers in parallel, so the first page waits less for the last one's size.
        const numbers = Array.from({ length: doc.numPages }, (_, i) => i + 1);
        const pages: PageSlot[] = await Promise.all(
          numbers.map(async (n) => {
            const { width, height } = (await doc.getPage(n)).getViewport({ scale: 1 });
            return { key: `page-${n}`, source: n, width, height, turn: 0 as const };
          }),
        );
        if (cancelled) void doc.destroy();
        else setOpening({ name: 'open', pdf: { doc, pages } });
      })
      .catch((error: unknown) => {
        if (!cancelled) setOpening({ name: 'failed', message: error instanceof PdfPasswordError ? 'This PDF is protected by a password. Remove the password (Unlock PDF) and open it again.' : 'This PDF could not be read.' });
      });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [bytes]);
  return opening;
}
