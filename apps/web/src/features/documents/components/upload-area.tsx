import { formatBytes } from '@wattle/shared';
import { CheckCircle2Icon, FileTextIcon, XCircleIcon } from 'lucide-react';
import { FileDropZone } from '@/components/file-drop-zone';
import { Progress } from '@/components/ui/progress';
import type { DocumentItem } from '@wattle/shared';
import { usePdfUpload, type UploadEntry } from '../hooks/use-pdf-upload';

interface UploadAreaProps {
  onUploaded?: (documents: DocumentItem[]) => void;
  /** A shorter box for the dashboard's Quick Upload. */
  compact?: boolean;
  className?: string;
  id?: string;
}

/** Drag and drop or pick PDFs (several at once), each uploaded with its own progress bar. */
export function UploadArea({ onUploaded, compact, className, id }: UploadAreaProps) {
  const { upload, entries, uploading } = usePdfUpload({ onUploaded });
  return (
    <FileDropZone
      id={id}
      aria-label="Upload PDFs"
      tabIndex={-1}
      size={compact ? 'card' : 'panel'}
      className={className}
      accept=".pdf,application/pdf"
      multiple
      onFiles={(files) => void upload(files)}
      busy={uploading}
      title="Drag and drop your PDFs here"
      hint="PDF files only, up to 5 MB each. You can choose several at once."
      buttonLabel="Select Files"
      inputLabel="Choose PDF files to upload"
    >
      {entries.length > 0 && (
        <ul className="mx-auto mt-5 max-w-xl space-y-2 text-left" aria-label="Uploads">
          {entries.map((entry) => (
            <UploadRow key={entry.key} entry={entry} />
          ))}
        </ul>
      )}
    </FileDropZone>
  );
}

function UploadRow({ entry }: { entry: UploadEntry }) {
  return (
    <li className="rounded-lg border bg-background px-3 py-2">
      <div className="flex items-center gap-2 text-sm">
        <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-medium" title={entry.name}>
          {entry.name}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatBytes(entry.size)}</span>
        {entry.status === 'done' && <CheckCircle2Icon className="size-4 shrink-0 text-primary" aria-label="Uploaded" />}
        {entry.status === 'failed' && <XCircleIcon className="size-4 shrink-0 text-destructive" aria-label="Failed" />}
      </div>
      <Progress
        value={entry.progress}
        aria-label={`Uploading ${entry.name}`}
        className="mt-2 h-1.5"
        indicatorClassName={entry.status === 'failed' ? 'bg-destructive' : undefined}
      />
    </li>
  );
}
