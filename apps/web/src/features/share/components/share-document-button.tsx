import { Share2Icon } from 'lucide-react';
import { useState } from 'react';
import type { DocumentItem } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { LinkDialog } from './link-dialog';

/** A My Documents row's Share action: a new link to the document; the badge counts its active links. */
export function ShareDocumentButton({ document }: { document: Pick<DocumentItem, 'id' | 'filename' | 'link_count'> }) {
  const [open, setOpen] = useState(false);
  const count = document.link_count;
  const label = count === 0 ? `Share ${document.filename}` : `Share ${document.filename} (${count} active ${count === 1 ? 'link' : 'links'})`;
  return (
    <>
      <Button variant="ghost" size="icon" className="relative size-8" onClick={() => setOpen(true)} aria-label={label} title="Share">
        <Share2Icon aria-hidden />
        {count > 0 && (
          <span aria-hidden className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-wattle px-1 text-[10px] leading-none font-semibold text-wattle-foreground tabular-nums">
            {count}
          </span>
        )}
      </Button>
      <LinkDialog open={open} onOpenChange={setOpen} document={document} />
    </>
  );
}
