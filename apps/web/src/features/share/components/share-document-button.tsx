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
  // The count sits beside the button, not in it: text inside a button is its visible label, which its
  // name must contain as written (WCAG 2.5.3, label in name), and the name already says the count.
  return (
    <>
      <span className="relative">
        <Button variant="ghost" size="icon" className="size-8" onClick={() => setOpen(true)} aria-label={label} title="Share">
          <Share2Icon aria-hidden />
        </Button>
        {count > 0 && (
          <span aria-hidden className="pointer-events-none absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-wattle px-1 text-[10px] leading-none font-semibold text-wattle-foreground tabular-nums">
            {count}
          </span>
        )}
      </span>
      <LinkDialog open={open} onOpenChange={setOpen} document={document} />
    </>
  );
}
