import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { InputPreview } from '../hooks/use-input-previews';
import { PageThumbnail } from './page-thumbnail';

/**
 * A chosen file's first page (or the image itself) at the start of its row, turned as it will be sent.
 * Nothing (the list's file icon) when it cannot be drawn.
 */
export function InputThumbnail({ preview, rotation = 0 }: { preview: InputPreview; rotation?: number }) {
  const [broken, setBroken] = useState(false);
  if (preview.kind === 'image' && !broken) {
    return (
      <span className="grid size-11 shrink-0 sm:size-14 place-items-center overflow-hidden rounded-md border bg-muted/40">
        <img src={preview.url} alt="" onError={() => setBroken(true)} className="max-h-full max-w-full object-contain transition-transform duration-300" style={{ rotate: `${rotation}deg` }} />
      </span>
    );
  }
  if (preview.kind !== 'pdf') return null;
  const { state } = preview;
  if (state.status === 'loading') return <Skeleton className="size-11 shrink-0 sm:size-14 rounded-md" />;
  if (state.status !== 'ready') return null;
  return <PageThumbnail doc={state.doc} pageNumber={1} rotation={rotation} tight className="size-11 shrink-0 sm:size-14 rounded-md border bg-muted/40" />;
}

/** The page count a preview knows, for the row's details. */
export const previewPages = (preview: InputPreview) => (preview.kind === 'pdf' && preview.state.status === 'ready' ? preview.state.pageCount : undefined);
