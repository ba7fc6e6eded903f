import { ArrowDownIcon, ArrowUpIcon, FileInputIcon, FilePlusIcon, RotateCwIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf, renderPage } from '@/features/tools/lib/pdfjs';
import { cn } from '@/lib/utils';
import type { InsertedPage, PageSlot } from '../model/types';
import { useEditor } from './editor-context';
import { HiddenFileInput } from '@/components/hidden-file-input';

/** Width of a thumbnail in CSS pixels. */
const THUMB_WIDTH = 96;

interface PageRailProps {
  pages: PageSlot[];
  current: number;
  onShow: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onTurn: (index: number) => void;
  onDelete: (index: number) => void;
  onInsertBlank: (index: number) => void;
  onInsertPdf: (index: number, file: File) => void;
}

/** The pages as thumbnails: show one, reorder (drag, or the move buttons), turn, delete, add a blank page or another PDF's pages after. */
export function PageRail({ pages, current, onShow, onMove, onTurn, onDelete, onInsertBlank, onInsertPdf }: PageRailProps) {
  const { readOnly } = useEditor();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  const insertAfter = useRef(0);
  return (
    <>
      <HiddenFileInput ref={pdfInput} label="Choose a PDF to insert" accept="application/pdf,.pdf" onFiles={([file]) => onInsertPdf(insertAfter.current, file)} />
      <ol aria-label="Pages" className="flex flex-col gap-3 p-3">
        {pages.map((slot, index) => (
          <li
            key={slot.key}
            draggable={!readOnly}
            onDragStart={() => setDragFrom(index)}
            onDragOver={(event) => dragFrom !== null && event.preventDefault()}
            onDrop={() => {
              if (dragFrom !== null && dragFrom !== index) onMove(dragFrom, index);
              setDragFrom(null);
            }}
            onDragEnd={() => setDragFrom(null)}
            className={cn('group flex flex-col items-center gap-1 rounded-md p-1', dragFrom === index && 'opacity-50')}
          >
            <button
              type="button"
              onClick={() => onShow(index)}
              aria-label={`Show page ${index + 1}`}
              aria-current={current === index ? 'page' : undefined}
              className={cn('rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring', current === index ? 'ring-2 ring-primary' : 'ring-1 ring-border')}
            >
              <Thumbnail slot={slot} />
            </button>
            <span className="text-xs text-muted-foreground tabular-nums">{index + 1}</span>
            {!readOnly && (
              <div className="flex flex-wrap justify-center gap-0.5">
                <RailButton label={`Move page ${index + 1} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)} icon={<ArrowUpIcon />} />
                <RailButton label={`Move page ${index + 1} down`} disabled={index === pages.length - 1} onClick={() => onMove(index, index + 1)} icon={<ArrowDownIcon />} />
                <RailButton label={`Rotate page ${index + 1}`} onClick={() => onTurn(index)} icon={<RotateCwIcon />} />
                <RailButton label={`Add a blank page after page ${index + 1}`} onClick={() => onInsertBlank(index)} icon={<FilePlusIcon />} />
                <RailButton
                  label={`Insert pages from a PDF after page ${index + 1}`}
                  onClick={() => {
                    insertAfter.current = index;
                    pdfInput.current?.click();
                  }}
                  icon={<FileInputIcon />}
                />
                <RailButton label={`Delete page ${index + 1}`} disabled={pages.length === 1} onClick={() => onDelete(index)} icon={<Trash2Icon />} />
              </div>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function RailButton({ label, icon, ...props }: { label: string; icon: React.ReactNode } & React.ComponentProps<'button'>) {
  return (
    <Button type="button" variant="ghost" size="icon" className="size-6 [&_svg]:size-3.5" aria-label={label} title={label} {...props}>
      {icon}
    </Button>
  );
}

/** Another PDF's pages are drawn from the picked file, opened once however many of its pages show. */
const openedFiles = new WeakMap<File, Promise<PDFDocumentProxy>>();
function openInserted(file: File): Promise<PDFDocumentProxy> {
  if (!openedFiles.has(file)) openedFiles.set(file, file.arrayBuffer().then(openPdf));
  return openedFiles.get(file)!;
}

/** A page drawn small once it scrolls near; blank pages are plain white, another PDF's pages show its name. */
function Thumbnail({ slot }: { slot: PageSlot }) {
  const { doc } = useEditor();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const target = canvas.current;
    if (!near || !target) return;
    const { source, inserted } = slot;
    const drawing = source !== null ? renderPage(doc, source, target, THUMB_WIDTH) : inserted ? openInserted(inserted.file).then((other) => renderPage(other, inserted.page, target, THUMB_WIDTH)) : undefined;
    drawing?.then(() => setDrawn(true), () => undefined);
  }, [near, doc, slot]);
  const height = (THUMB_WIDTH * slot.height) / slot.width;
  return (
    <div className="relative flex items-center justify-center" style={{ width: Math.max(THUMB_WIDTH, height), height: Math.max(THUMB_WIDTH, height) }}>
      {slot.inserted && <InsertedLabel page={slot.inserted} className="absolute inset-x-0 bottom-0 bg-white/85 text-[10px]" />}
      <canvas
        ref={canvas}
        aria-hidden
        data-drawn={drawn || undefined}
        className="bg-white"
        style={{ width: THUMB_WIDTH, height, transform: slot.turn ? `rotate(${slot.turn}deg)` : undefined }}
      />
    </div>
  );
}

/** Names a page of another PDF waiting to be inserted: its file and its place in it. */
export function InsertedLabel({ page, className }: { page: InsertedPage; className?: string }) {
  return (
    <span className={cn('z-10 break-all px-1 text-center text-neutral-500', className)}>
      {page.file.name}, page {page.page} of {page.of}
    </span>
  );
}
