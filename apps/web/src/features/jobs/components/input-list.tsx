import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon, FileIcon, FolderOpenIcon, XIcon } from 'lucide-react';
import { formatBytes } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { canMove, inputName, inputSize, type JobInput } from '../lib/inputs';

interface InputListProps {
  inputs: readonly JobInput[];
  onChange: (inputs: JobInput[]) => void;
  /** Show the order controls (tools where the order matters, like merge). */
  ordered: boolean;
  disabled?: boolean;
  /** What stands for a file at the start of its row (e.g. a photo's thumbnail); a file icon when not given. */
  preview?: (input: JobInput) => ReactNode;
}

/** The chosen files, in the order they will be sent; stored documents are marked as such. */
export function InputList({ inputs, onChange, ordered, disabled, preview }: InputListProps) {
  const move = (index: number, direction: -1 | 1) => {
    const next = [...inputs];
    [next[index], next[index + direction]] = [next[index + direction]!, next[index]!];
    onChange(next);
  };
  return (
    <ol className="divide-y rounded-xl border bg-card" aria-label="Chosen files">
      {inputs.map((input, index) => (
        <li key={input.key} className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
          {ordered && <span className="w-5 shrink-0 text-center text-sm font-medium text-muted-foreground tabular-nums">{index + 1}</span>}
          {preview?.(input) ?? (
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
              {input.kind === 'stored' ? <FolderOpenIcon className="size-4" aria-hidden /> : <FileIcon className="size-4" aria-hidden />}
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium" title={inputName(input)}>
              {inputName(input)}
            </span>
            <span className="block text-xs text-muted-foreground">
              {formatBytes(inputSize(input))}
              {input.kind === 'stored' && ' · from My Documents'}
            </span>
          </span>
          {ordered && inputs.length > 1 && (
            <span className="flex shrink-0">
              <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move ${inputName(input)} up`} disabled={disabled || !canMove(inputs, index, -1)} onClick={() => move(index, -1)}>
                <ArrowUpIcon />
              </Button>
              <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move ${inputName(input)} down`} disabled={disabled || !canMove(inputs, index, 1)} onClick={() => move(index, 1)}>
                <ArrowDownIcon />
              </Button>
            </span>
          )}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
            aria-label={`Remove ${inputName(input)}`}
            disabled={disabled}
            onClick={() => onChange(inputs.filter((i) => i.key !== input.key))}
          >
            <XIcon />
          </Button>
        </li>
      ))}
    </ol>
  );
}
