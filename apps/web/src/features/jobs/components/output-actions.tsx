import { CheckIcon, DownloadIcon, SaveIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSaveOutput } from '../api/outputs';
import type { JobOutput } from '@wattle/shared';

/** My Documents holds PDFs: only PDF outputs can be saved there. */
export function canSaveOutput(output: Pick<JobOutput, 'contentType'>): boolean {
  return output.contentType === 'application/pdf';
}

export function DownloadButton({ output, variant = 'default', label = 'Download' }: { output: JobOutput; variant?: 'default' | 'outline'; label?: string }) {
  return (
    <Button asChild variant={variant} size="sm">
      <a href={output.downloadUrl} download={output.filename} aria-label={`${label} ${output.filename}`}>
        <DownloadIcon /> {label}
      </a>
    </Button>
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
