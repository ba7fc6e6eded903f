import type { JobOutput } from '@wattle/shared';
import { useMemo, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePdfDocument, type PdfSource } from '../hooks/use-pdf-document';
import { PageThumbnail } from './page-thumbnail';

/** The result's first page (or the image itself), read through its signed link, so the person sees what they made. */
export function ResultPreview({ output }: { output: JobOutput }) {
  const isPdf = output.contentType === 'application/pdf';
  const source = useMemo<PdfSource | null>(
    () => (isPdf ? () => fetch(output.downloadUrl, { credentials: 'same-origin' }).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(String(r.status))))) : null),
    [isPdf, output.downloadUrl],
  );
  const pdf = usePdfDocument(source);
  const [broken, setBroken] = useState(false);
  const frame = 'size-28 shrink-0 overflow-hidden rounded-lg border bg-muted/40 sm:size-32';

  if (output.contentType.startsWith('image/') && !broken) {
    return (
      <span className={`${frame} grid place-items-center`}>
        <img src={output.downloadUrl} alt={`Preview of ${output.filename}`} onError={() => setBroken(true)} className="max-h-full max-w-full object-contain" />
      </span>
    );
  }
  if (pdf.status === 'loading') return <Skeleton className={frame} />;
  if (pdf.status !== 'ready') return null;
  return (
    <figure className={frame} aria-label={`First page of ${output.filename}`}>
      <PageThumbnail doc={pdf.doc} pageNumber={1} tight className="size-full" />
    </figure>
  );
}
