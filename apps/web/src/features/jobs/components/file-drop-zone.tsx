import { UploadCloudIcon } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface FileDropZoneProps {
  /** The `accept` attribute of the picker. */
  accept: string;
  multiple: boolean;
  onFiles: (files: File[]) => void;
  title: string;
  hint?: ReactNode;
  /** Smaller variant once files are chosen. */
  compact?: boolean;
  disabled?: boolean;
  className?: string;
}

/** Drag and drop or a picker; the whole zone is the drop target and the button opens the picker. */
export function FileDropZone({ accept, multiple, onFiles, title, hint, compact, disabled, className }: FileDropZoneProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      onDragEnter={onDragEnter}
      onDragOver={(event) => {
        if (!disabled && event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-primary/30 bg-primary/[0.03] text-center transition-colors',
        'data-dragging:border-primary data-dragging:bg-primary/10',
        compact ? 'px-4 py-5 sm:flex-row sm:gap-4 sm:text-left' : 'px-6 py-12 sm:py-16',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
    >
      <span className={cn('grid place-items-center rounded-full bg-primary/10 text-primary', compact ? 'size-10' : 'size-14')}>
        <UploadCloudIcon className={compact ? 'size-5' : 'size-7'} aria-hidden />
      </span>
      <div className={cn('space-y-1', compact && 'sm:flex-1')}>
        <p className={cn('font-semibold', !compact && 'text-lg')}>{title}</p>
        {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      </div>
      <Button type="button" size={compact ? 'default' : 'lg'} variant={compact ? 'outline' : 'default'} onClick={() => inputRef.current?.click()} disabled={disabled}>
        {multiple ? 'Select files' : 'Select file'}
      </Button>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={title}
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
