import { CheckCircle2Icon, FileTextIcon, UploadCloudIcon, XCircleIcon } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type { DocumentItem } from '../api/documents';
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
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (!uploading) void upload([...event.dataTransfer.files]);
  };

  return (
    <section
      id={id}
      aria-label="Upload PDFs"
      tabIndex={-1}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (hasFiles(event)) event.preventDefault();
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      className={cn(
        'rounded-xl border-2 border-dashed border-primary/30 bg-card text-center transition-colors outline-none',
        'data-dragging:border-primary data-dragging:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        compact ? 'px-4 py-6' : 'px-4 py-8 sm:px-6 sm:py-10',
        className,
      )}
    >
      <div className="flex flex-col items-center gap-3">
        <span className={cn('grid place-items-center rounded-full bg-primary/10 text-primary', compact ? 'size-11' : 'size-14')}>
          <UploadCloudIcon className={compact ? 'size-5' : 'size-7'} aria-hidden />
        </span>
        <div className="space-y-1">
          <p className={cn('font-semibold', !compact && 'text-lg')}>Drag and drop your PDFs here</p>
          <p className="text-sm text-muted-foreground">PDF files only, up to 5 MB each. You can choose several at once.</p>
        </div>
        <Button type="button" onClick={() => inputRef.current?.click()} disabled={uploading}>
          Select Files
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept=".pdf,application/pdf"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose PDF files to upload"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void upload(files);
          }}
        />
      </div>
      {entries.length > 0 && (
        <ul className="mx-auto mt-5 max-w-xl space-y-2 text-left" aria-label="Uploads">
          {entries.map((entry) => (
            <UploadRow key={entry.key} entry={entry} />
          ))}
        </ul>
      )}
    </section>
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
