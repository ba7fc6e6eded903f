import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowDownAZIcon, ArrowDownIcon, ArrowUpIcon, FileIcon, FolderOpenIcon, GripVerticalIcon, HistoryIcon, RotateCwIcon, XIcon } from 'lucide-react';
import { formatBytes } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { moveItem } from '@/lib/move-item';
import { cn } from '@/lib/utils';
import { canMove, inputName, inputSize, sortByName, type JobInput } from '../lib/inputs';

interface InputListProps {
  inputs: readonly JobInput[];
  onChange: (inputs: JobInput[]) => void;
  /** Show the order controls (tools where the order matters, like merge): drag, move up and down, sort A–Z. */
  ordered: boolean;
  disabled?: boolean;
  /** What stands for a file at the start of its row (e.g. its first page); a file icon when it gives nothing. */
  preview?: (input: JobInput) => ReactNode;
  /** The file's page count, when known. */
  pages?: (input: JobInput) => number | undefined;
  /** Per-file rotation (merge): the angle each file is turned by, and the button that turns it 90° more. */
  rotation?: { of: (input: JobInput) => number; turn: (input: JobInput) => void };
}

const SOURCE: Record<JobInput['kind'], string> = { upload: '', stored: ' · from My Documents', output: ' · from your last result' };

/**
 * The chosen files, in the order they will be sent. Reordered by dragging a row or, by keyboard and
 * on touch, with its Move up and Move down buttons; only within a kind (uploads, then My Documents,
 * then earlier results), the order the API takes them in.
 */
export function InputList({ inputs, onChange, ordered, disabled, preview, pages, rotation }: InputListProps) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const canDrop = (to: number) => dragFrom !== null && dragFrom !== to && inputs[dragFrom]?.kind === inputs[to]?.kind;
  const endDrag = () => {
    setDragFrom(null);
    setDragOver(null);
  };
  const reorderable = ordered && inputs.length > 1 && !disabled;
  // When the first files come, the list often takes the place of the chooser that had the focus: the
  // focus comes here then, and a screen reader hears how many files were chosen. A list shown beside
  // its chooser leaves the focus where it is.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const chosen = inputs.length > 0;
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (chosen && lost) headingRef.current?.focus({ preventScroll: true });
  }, [chosen]);

  return (
    <div className="space-y-2">
      {chosen && (
        <h2 ref={headingRef} tabIndex={-1} className="sr-only">
          {inputs.length === 1 ? '1 file chosen' : `${inputs.length} files chosen`}
        </h2>
      )}
      {reorderable && (
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">Drag the files, or use the arrows, to set their order.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(sortByName(inputs))}>
            <ArrowDownAZIcon /> Sort A–Z
          </Button>
        </div>
      )}
      <ol className="divide-y rounded-xl border bg-card" aria-label="Chosen files">
        {inputs.map((input, index) => {
          const name = inputName(input);
          const pageCount = pages?.(input);
          const angle = rotation?.of(input) ?? 0;
          return (
            <li
              key={input.key}
              draggable={reorderable}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', name);
                setDragFrom(index);
              }}
              onDragOver={(event) => {
                if (!canDrop(index)) return;
                event.preventDefault();
                setDragOver(index);
              }}
              onDragLeave={() => setDragOver((over) => (over === index ? null : over))}
              onDrop={(event) => {
                event.preventDefault();
                if (canDrop(index)) onChange(moveItem(inputs, dragFrom!, index));
                endDrag();
              }}
              onDragEnd={endDrag}
              className={cn(
                'flex items-center gap-2 px-2.5 py-2.5 transition-[opacity,box-shadow] sm:gap-3 sm:px-4',
                reorderable && 'cursor-grab active:cursor-grabbing',
                dragFrom === index && 'opacity-40',
                dragOver === index && 'ring-2 ring-primary ring-inset',
              )}
            >
              {/* Touch screens have no drag here: the arrows do it, and the grip gives the room back. */}
              {reorderable && <GripVerticalIcon className="-mx-1 hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden />}
              {ordered && <span className="w-4 shrink-0 text-center sm:w-5 text-sm font-medium text-muted-foreground tabular-nums">{index + 1}</span>}
              {preview?.(input) || <KindIcon input={input} />}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium" title={name}>
                  {name}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {formatBytes(inputSize(input))}
                  {pageCount !== undefined && ` · ${pageCount} page${pageCount === 1 ? '' : 's'}`}
                  {angle !== 0 && ` · turned ${angle}°`}
                  {SOURCE[input.kind]}
                </span>
              </span>
              <span className="flex shrink-0">
                {rotation && (
                  <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Rotate ${name}`} title="Rotate 90° clockwise" disabled={disabled} onClick={() => rotation.turn(input)}>
                    <RotateCwIcon />
                  </Button>
                )}
                {ordered && inputs.length > 1 && (
                  <>
                    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move ${name} up`} disabled={disabled || !canMove(inputs, index, -1)} onClick={() => onChange(moveItem(inputs, index, index - 1))}>
                      <ArrowUpIcon />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move ${name} down`} disabled={disabled || !canMove(inputs, index, 1)} onClick={() => onChange(moveItem(inputs, index, index + 1))}>
                      <ArrowDownIcon />
                    </Button>
                  </>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-destructive"
                  aria-label={`Remove ${name}`}
                  disabled={disabled}
                  onClick={() => onChange(inputs.filter((i) => i.key !== input.key))}
                >
                  <XIcon />
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function KindIcon({ input }: { input: JobInput }) {
  const Icon = input.kind === 'stored' ? FolderOpenIcon : input.kind === 'output' ? HistoryIcon : FileIcon;
  return (
    <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
      <Icon className="size-4" aria-hidden />
    </span>
  );
}
