import { CheckIcon, DownloadIcon, SaveIcon, Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useCreateLink } from '@/features/share/api/links';
import { LinkDialog } from '@/features/share/components/link-dialog';
import { useSaveOutput } from '../api/outputs';
import { formatBytes, MAX_PDF_SIZE, type JobOutput, type Link } from '@wattle/shared';

/** My Documents holds PDFs: only PDF outputs can be saved there. */
export function canSaveOutput(output: Pick<JobOutput, 'contentType'>): boolean {
  return output.contentType === 'application/pdf';
}

/** Said before trying: a save over the per-file document limit would only be refused. */
export const fitsMyDocuments = (output: Pick<JobOutput, 'size'>) => output.size <= MAX_PDF_SIZE;

export function DownloadButton({ output, variant = 'default', label = 'Download' }: { output: JobOutput; variant?: 'default' | 'outline'; label?: string }) {
  return (
    <Button asChild variant={variant} size="sm">
      <a href={output.downloadUrl} download={output.filename} aria-label={`${label} ${output.filename}`}>
        <DownloadIcon /> {label}
      </a>
    </Button>
  );
}

/** Instead of Save and Share, for an output My Documents cannot hold. */
export function TooLargeToSave({ output }: { output: JobOutput }) {
  return (
    <span className="text-xs text-muted-foreground">
      Too large to save to My Documents ({formatBytes(output.size)}; the most one file can be is {formatBytes(MAX_PDF_SIZE)}).
    </span>
  );
}

/** "Save to My Documents", showing when it is done (already saved outputs say so at once). */
export function SaveOutputButton({ output, savedDocumentId }: { output: JobOutput; savedDocumentId?: string | null }) {
  const save = useSaveOutput();
  const saved = Boolean(savedDocumentId) || save.isSuccess;
  return (
    <Button type="button" variant="outline" size="sm" disabled={saved || save.isPending} onClick={() => save.mutate(output.id)}>
      {save.isPending ? <Spinner /> : saved ? <CheckIcon /> : <SaveIcon />}
      {saved ? (
        'Saved'
      ) : (
        <>
          {/* Phones get the short label; the hidden one drops out of the accessible name too. */}
          <span className="sm:hidden">Save</span>
          <span className="hidden sm:inline">Save to My Documents</span>
        </>
      )}
    </Button>
  );
}

/**
 * "Share" for an account holder's PDF output, in one click: saved to My Documents (once; saving again
 * answers the same document), a link made with the default settings, then the dialog with its address.
 */
export function ShareOutputButton({ output }: { output: JobOutput }) {
  const save = useSaveOutput();
  const create = useCreateLink();
  const [link, setLink] = useState<Link>();
  const [open, setOpen] = useState(false);
  const share = async () => {
    // The link made by the first click is shown again, not a second one made.
    if (link) return setOpen(true);
    let saved = false;
    try {
      const { document } = await save.mutateAsync(output.id);
      saved = true;
      setLink(await create.mutateAsync({ documentId: document.id }));
      setOpen(true);
    } catch (error) {
      // A refused save has said why already.
      if (saved) toast({ title: 'Could not create the link', description: (error as Error).message, variant: 'destructive' });
    }
  };
  const pending = save.isPending || create.isPending;
  return (
    <>
      <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => void share()} aria-label={`Share ${output.filename}`}>
        {pending ? <Spinner /> : <Share2Icon />}
        Share
      </Button>
      {link && <LinkDialog open={open} onOpenChange={setOpen} link={link} />}
    </>
  );
}
