import { UploadCloudIcon } from 'lucide-react';
import { useRef, useState, type ComponentProps, type DragEvent, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { touchWording } from '@/lib/drop-wording';
import { useTouchScreen } from '@/lib/use-touch-screen';
import { cn } from '@/lib/utils';
import { HiddenFileInput } from '@/components/hidden-file-input';

/**
 * The one place files are dropped or picked: My Documents uploads, the dashboard's Quick Upload, the
 * tool pages and batch processing. The whole zone is the drop target; the button opens the picker.
 */

/** How much room the zone takes: a tool's first step, an upload panel, a card, or a row under a file list. */
const SIZES = {
  hero: { zone: 'bg-primary/[0.03] px-6 py-12 sm:py-16', badge: 'size-14', glyph: 'size-7', title: 'text-lg', button: { size: 'lg' } },
  panel: { zone: 'bg-card px-4 py-8 sm:px-6 sm:py-10', badge: 'size-14', glyph: 'size-7', title: 'text-lg', button: {} },
  card: { zone: 'bg-card px-4 py-6', badge: 'size-11', glyph: 'size-5', title: '', button: {} },
  row: { zone: 'bg-primary/[0.03] px-4 py-5', badge: 'size-10', glyph: 'size-5', title: '', button: { variant: 'outline' } },
} satisfies Record<string, { zone: string; badge: string; glyph: string; title: string; button: Pick<ButtonProps, 'size' | 'variant'> }>;

interface FileDropZoneProps extends Omit<ComponentProps<'section'>, 'title' | 'onDrop'> {
  /** The `accept` attribute of the picker. */
  accept: string;
  multiple: boolean;
  onFiles: (files: File[]) => void;
  title: string;
  hint?: ReactNode;
  size?: keyof typeof SIZES;
  /** The zone is shown dimmed and takes nothing (e.g. the tool is unavailable). */
  disabled?: boolean;
  /** Files are on their way: the zone looks the same but takes no more until they are done. */
  busy?: boolean;
  buttonLabel?: string;
  /** The picker's accessible name; the title when not given. */
  inputLabel?: string;
  /** Shown inside the zone, under the picker (e.g. the uploads' progress). */
  children?: ReactNode;
}

export function FileDropZone({
  accept,
  multiple,
  onFiles,
  title,
  hint,
  size = 'hero',
  disabled,
  busy,
  buttonLabel = multiple ? 'Select files' : 'Select file',
  inputLabel = title,
  children,
  className,
  ...section
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { dragging, dropTarget } = useFileDrop((files) => {
    if (!busy) onFiles(files);
  }, disabled);
  const look = SIZES[size];
  // Nothing is dragged on a touch screen: the title says to tap instead.
  const shownTitle = useTouchScreen() ? touchWording(title) : title;

  return (
    <section
      {...section}
      {...dropTarget}
      data-dragging={dragging || undefined}
      className={cn(
        'rounded-xl border-2 border-dashed border-primary/30 text-center transition-colors outline-none',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 data-dragging:border-primary data-dragging:bg-primary/10',
        look.zone,
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
    >
      <div className={cn('flex flex-col items-center justify-center gap-3', size === 'row' && 'sm:flex-row sm:gap-4 sm:text-left')}>
        <span className={cn('grid place-items-center rounded-full bg-primary/10 text-primary', look.badge)}>
          <UploadCloudIcon className={look.glyph} aria-hidden />
        </span>
        <div className={cn('space-y-1', size === 'row' && 'sm:flex-1')}>
          <p className={cn('font-semibold', look.title)}>{shownTitle}</p>
          {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
        </div>
        <Button type="button" {...look.button} onClick={() => inputRef.current?.click()} disabled={disabled || busy}>
          {buttonLabel}
        </Button>
        <HiddenFileInput ref={inputRef} label={inputLabel} accept={accept} multiple={multiple} onFiles={onFiles} />
      </div>
      {children}
    </section>
  );
}

/** Drag state for a drop target; counts enter/leave pairs because children fire their own. */
function useFileDrop(onFiles: (files: File[]) => void, disabled: boolean | undefined) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => !disabled && event.dataTransfer.types.includes('Files');

  const dropTarget = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
    },
  };
  return { dragging, dropTarget };
}
