import type { PDFDocumentProxy } from 'pdfjs-dist';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, CopyIcon, RotateCwIcon, Undo2Icon, XIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { moveItem } from '@/lib/move-item';
import { cn } from '@/lib/utils';
import type { PageGridMode } from '../lib/page-grid-modes';
import { allPages, groupsToRanges, pagesToRanges, rangesToGroups, rangesToPages, selectSpan, spanGroup, toggleGroup, togglePage } from '../lib/page-selection';
import { PageThumbnail } from './page-thumbnail';

interface PageGridProps {
  doc: PDFDocumentProxy;
  pageCount: number;
  mode: PageGridMode;
  /** The option's text ("1-3,5"); the grid reads and writes only this. */
  value: string;
  onChange: (value: string) => void;
  /** Rotate mode: the chosen angle, previewed on the thumbnails. */
  angle?: number;
}

/**
 * Real page thumbnails for picking pages (click, shift-click for a run), grouping them into files, or
 * putting them in order (drag, or the arrows on touch).
 */
export function PageGrid(props: PageGridProps) {
  if (props.mode === 'order') return <OrderGrid {...props} />;
  if (props.mode === 'split') return <SplitGrid {...props} />;
  return <SelectGrid {...props} />;
}

/** Keeps the last sequence that parsed, so a half-typed range does not blank the grid. */
function useLastValid(pages: number[] | null, fallback: () => number[]): { pages: number[]; stale: boolean } {
  const last = useRef<number[] | null>(null);
  if (pages) last.current = pages;
  return { pages: pages ?? last.current ?? fallback(), stale: pages === null };
}

function OrderGrid({ doc, pageCount, value, onChange }: PageGridProps) {
  const { pages: sequence, stale } = useLastValid(rangesToPages(value, pageCount, true), () => allPages(pageCount));
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const write = (next: number[]) => onChange(pagesToRanges(next));
  const occurrences = new Map<number, number>();

  return (
    <GridFrame
      summary={`${sequence.length} page${sequence.length === 1 ? '' : 's'} in the new document`}
      hint="Drag pages to put them in order. Copy a page to repeat it; remove the ones you do not want."
      stale={stale}
      actions={
        <>
          <Button type="button" variant="outline" size="sm" onClick={() => write([...sequence].reverse())}>
            Reverse
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => write(allPages(pageCount))}>
            <Undo2Icon /> Reset
          </Button>
        </>
      }
    >
      {sequence.map((page, index) => {
        const seen = (occurrences.get(page) ?? 0) + 1;
        occurrences.set(page, seen);
        return (
          <li
            key={`${page}:${seen}`}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(index));
              setDragFrom(index);
            }}
            onDragOver={(event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              setDragOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragFrom !== null && dragFrom !== index) write(moveItem(sequence, dragFrom, index));
              setDragFrom(null);
              setDragOver(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setDragOver(null);
            }}
            className={cn(
              'group relative cursor-grab rounded-lg border bg-card transition-[opacity,box-shadow] active:cursor-grabbing',
              dragFrom === index && 'opacity-40',
              dragOver === index && dragFrom !== index && 'ring-2 ring-primary',
            )}
            aria-label={`Page ${page}, position ${index + 1}`}
          >
            <PageThumbnail doc={doc} pageNumber={page} />
            <div className="flex items-center justify-between gap-1 border-t px-1 py-1">
              <TileButton label={`Move page ${page} earlier`} onClick={() => write(moveItem(sequence, index, index - 1))} disabled={index === 0}>
                <ChevronLeftIcon />
              </TileButton>
              <span className="text-xs font-medium tabular-nums">{page}</span>
              <TileButton label={`Move page ${page} later`} onClick={() => write(moveItem(sequence, index, index + 1))} disabled={index === sequence.length - 1}>
                <ChevronRightIcon />
              </TileButton>
            </div>
            <div className="absolute top-1 right-1 flex gap-1 opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
              <TileButton label={`Copy page ${page}`} onClick={() => write([...sequence.slice(0, index + 1), page, ...sequence.slice(index + 1)])} overlay>
                <CopyIcon />
              </TileButton>
              <TileButton label={`Remove page ${page}`} onClick={() => write(sequence.filter((_, i) => i !== index))} disabled={sequence.length === 1} overlay>
                <XIcon />
              </TileButton>
            </div>
          </li>
        );
      })}
    </GridFrame>
  );
}

const SELECT_TEXT: Record<Exclude<PageGridMode, 'order' | 'split'>, { hint: string; summary: (n: number, total: number, angle?: number) => string }> = {
  keep: {
    hint: 'Click the pages to put in the new PDF; shift-click to add every page up to that one.',
    summary: (n) => (n === 0 ? 'No pages chosen yet' : `${n} page${n === 1 ? '' : 's'} will be extracted`),
  },
  remove: {
    hint: 'Click the pages to delete; shift-click to add every page up to that one.',
    summary: (n, total) => (n === 0 ? 'No pages chosen yet' : `${n} page${n === 1 ? '' : 's'} will be removed, ${total - n} kept`),
  },
  rotate: {
    hint: 'Click pages to turn only those; with none chosen, every page turns.',
    summary: (n, _total, angle) => `${n === 0 ? 'All pages' : `${n} page${n === 1 ? '' : 's'}`} will be turned ${angle ?? 90}°`,
  },
};

function SelectGrid({ doc, pageCount, mode, value, onChange, angle = 90 }: PageGridProps) {
  const { pages: selectedList, stale } = useLastValid(rangesToPages(value, pageCount), () => []);
  const selected = new Set(selectedList);
  const text = SELECT_TEXT[mode as Exclude<PageGridMode, 'order' | 'split'>];
  const anchor = useRef<number | null>(null);
  const pick = (page: number, span: boolean) => {
    onChange(pagesToRanges(span && anchor.current !== null ? selectSpan(selectedList, anchor.current, page) : togglePage(selectedList, page)));
    anchor.current = page;
  };

  return (
    <GridFrame
      summary={text.summary(selected.size, pageCount, angle)}
      hint={text.hint}
      stale={stale}
      actions={
        <>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(pagesToRanges(allPages(pageCount)))}>
            Select all
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange('')} disabled={selected.size === 0}>
            Clear
          </Button>
        </>
      }
    >
      {allPages(pageCount).map((page) => {
        const isSelected = selected.has(page);
        const turned = mode === 'rotate' && (isSelected || selected.size === 0);
        return (
          <li key={page}>
            <button
              type="button"
              aria-pressed={isSelected}
              aria-label={`Page ${page}`}
              onClick={(event) => pick(page, event.shiftKey)}
              className={cn(
                'relative block w-full rounded-lg border bg-card text-left transition-[box-shadow,border-color] outline-none hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                isSelected && mode !== 'remove' && 'border-primary ring-2 ring-primary',
                isSelected && mode === 'remove' && 'border-destructive ring-2 ring-destructive',
              )}
            >
              <PageThumbnail doc={doc} pageNumber={page} rotation={turned ? angle : 0} className={cn(isSelected && mode === 'remove' && 'opacity-40')} />
              {isSelected && (
                <span
                  className={cn(
                    'absolute top-1.5 right-1.5 grid size-6 place-items-center rounded-full text-white shadow [&_svg]:size-4',
                    mode === 'remove' ? 'bg-destructive' : 'bg-primary text-primary-foreground',
                  )}
                  aria-hidden
                >
                  {mode === 'remove' ? <XIcon /> : mode === 'rotate' ? <RotateCwIcon /> : <CheckIcon />}
                </span>
              )}
              <span className="block border-t py-1.5 text-center text-xs font-medium tabular-nums">{page}</span>
            </button>
          </li>
        );
      })}
    </GridFrame>
  );
}

/** Split: each click makes a file of one page, a shift-click one file of a run of pages; each file is numbered. */
function SplitGrid({ doc, pageCount, value, onChange }: PageGridProps) {
  const parsed = rangesToGroups(value, pageCount);
  const last = useRef(parsed ?? []);
  if (parsed) last.current = parsed;
  const groups = last.current;
  const anchor = useRef<number | null>(null);
  const pick = (page: number, span: boolean) => {
    onChange(groupsToRanges(span && anchor.current !== null ? spanGroup(groups, anchor.current, page) : toggleGroup(groups, page)));
    anchor.current = page;
  };
  const fileOf = (page: number) => groups.findIndex((g) => page >= g.start && page <= g.end);

  return (
    <GridFrame
      summary={groups.length === 0 ? 'No pages chosen yet' : `${groups.length} PDF${groups.length === 1 ? '' : 's'} will be made`}
      hint="Click a page to make it a PDF of its own; shift-click another page to put every page between them in one PDF."
      stale={parsed === null}
      actions={
        <>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(groupsToRanges(allPages(pageCount).map((p) => ({ start: p, end: p }))))}>
            Every page
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange('')} disabled={groups.length === 0}>
            Clear
          </Button>
        </>
      }
    >
      {allPages(pageCount).map((page) => {
        const file = fileOf(page);
        return (
          <li key={page} className="relative">
            <button
              type="button"
              aria-pressed={file >= 0}
              aria-label={file >= 0 ? `Page ${page}, in PDF ${file + 1}` : `Page ${page}`}
              onClick={(event) => pick(page, event.shiftKey)}
              className={cn(
                'relative block w-full rounded-lg border bg-card text-left transition-[box-shadow,border-color] outline-none hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                file >= 0 && 'border-primary ring-2 ring-primary',
              )}
            >
              <PageThumbnail doc={doc} pageNumber={page} />
              <span className="block border-t py-1.5 text-center text-xs font-medium tabular-nums">{page}</span>
            </button>
            {/* Beside the button, not in it: its name already says which PDF, and its text must stay the page number. */}
            {file >= 0 && (
              <span className="pointer-events-none absolute top-1.5 right-1.5 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground shadow" aria-hidden>
                PDF {file + 1}
              </span>
            )}
          </li>
        );
      })}
    </GridFrame>
  );
}

function GridFrame({ summary, hint, stale, actions, children }: { summary: string; hint: string; stale: boolean; actions: ReactNode; children: ReactNode }) {
  return (
    <section aria-label="Page thumbnails" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-sm font-medium" aria-live="polite">
            {summary}
          </p>
          <p className="text-xs text-muted-foreground">{stale ? 'Finish typing the pages in the options to update the preview.' : hint}</p>
        </div>
        <div className="flex gap-2">{actions}</div>
      </div>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 lg:grid-cols-5">{children}</ul>
    </section>
  );
}

function TileButton({ label, onClick, disabled, overlay, children }: { label: string; onClick: () => void; disabled?: boolean; overlay?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'grid size-7 place-items-center rounded-md transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-30 [&_svg]:size-4',
        overlay ? 'bg-background/90 shadow-sm ring-1 ring-border hover:bg-accent' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}
