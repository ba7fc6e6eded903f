import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { paperPage } from '@wattle/shared';
import { cn } from '@/lib/utils';
import { toast } from '@/components/ui/toast';
import { openPdf } from '@/features/tools/lib/pdfjs';
import { useProfile } from '@/features/account/api/profile';
import { usePreferences } from '@/features/account/hooks/use-preferences';
import { formatDate } from '@/lib/dates';
import { readFormFields, type FormField } from '../forms/form-fields';
import { SignatureDialog } from '../signatures/signature-dialog';
import type { SignatureKind } from '../signatures/api';
import { useEditorKeys } from '../hooks/use-editor-keys';
import { useEditorState, newId } from '../hooks/use-editor-state';
import type { OpenedPdf } from '../hooks/use-pdf';
import { selectionToPageBoxes } from '../lib/geometry';
import { imageBox, prepareImage } from '../lib/images';
import type { EditorObject, EditorState, PageSlot } from '../model/types';
import { isMarkupTool, objectFor, type MarkupTool, type Placement, type Tool } from '../model/placement';
import { EditorContext, type EditorContextValue } from './editor-context';
import { LeaveGuard } from './leave-guard';
import { PageRail } from './page-rail';
import { PageView } from './page-view';
import { PropertiesPanel } from './properties-panel';
import { Toolbar } from './toolbar';

const MARKUP_COLOURS: Record<MarkupTool, string> = { highlight: '#FFEB3B', underline: '#1E88E5', strikeout: '#E53935' };
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;

export interface WorkspaceHandle {
  state: EditorState;
  dirty: boolean;
}

interface WorkspaceProps {
  pdf: OpenedPdf;
  readOnly: boolean;
  /** Above the toolbar: the title, save state and actions; given the document and whether it changed. */
  header: (handle: WorkspaceHandle) => ReactNode;
  /** Shown under the header (e.g. the form fields' flatten choice, or a read-only notice). */
  banner?: ReactNode;
}

/** The editor proper: toolbar, page rail, pages with their objects, and the selected object's properties. */
export function Workspace({ pdf, readOnly, header, banner }: WorkspaceProps) {
  const store = useEditorState({ pages: pdf.pages, objects: [], form: {} });
  const { state } = store;
  const [tool, setTool] = useState<Tool>('select');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [viewWidth, setViewWidth] = useState(800);
  const [current, setCurrent] = useState(0);
  const [railOpen, setRailOpen] = useState(false);
  const [signing, setSigning] = useState<SignatureKind | null>(null);
  const [formFields, setFormFields] = useState<readonly FormField[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const { data: profile } = useProfile();
  const { timeZone } = usePreferences();

  const widest = Math.max(...state.pages.map((p) => (p.turn % 180 ? p.height : p.width)));
  const fitScale = Math.max(MIN_ZOOM, (viewWidth - 32) / widest);
  const scale = zoom === 'fit' ? fitScale : zoom;

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setViewWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let cancelled = false;
    readFormFields(pdf.doc).then((fields) => !cancelled && setFormFields(fields), () => undefined);
    return () => {
      cancelled = true;
    };
  }, [pdf.doc]);

  // Object URLs for the placed images, made once per image and freed with the editor.
  const imageUrls = useMemo(() => new Map<Blob, string>(), []);
  for (const object of state.objects) if (object.kind === 'image' && !imageUrls.has(object.image)) imageUrls.set(object.image, URL.createObjectURL(object.image));
  useEffect(() => () => imageUrls.forEach((url) => URL.revokeObjectURL(url)), [imageUrls]);

  const selected = state.objects.find((o) => o.id === selectedId) ?? null;
  const originalPages = state.pages.filter((p): p is PageSlot & { source: number } => p.source !== null);
  const currentSlot = state.pages[current];
  const targetPage = currentSlot?.source != null ? (currentSlot as PageSlot & { source: number }) : originalPages[0];

  const select = useCallback((id: string | null) => {
    setSelectedId(id);
    setEditingId((editing) => (editing === id ? editing : null));
  }, []);

  const add = (objects: EditorObject[], edit = false) => {
    store.addObjects(objects);
    const last = objects.at(-1);
    if (!last) return;
    setSelectedId(last.id);
    if (edit) setEditingId(last.id);
  };

  const place = (placing: Tool, placement: Placement) => {
    const object = objectFor(placing, placement, newId(), formatDate(new Date(), 'en-AU', timeZone));
    if (!object) return;
    add([object], placing === 'text' || placing === 'note');
    if (placing !== 'ink') setTool('select');
  };

  const finishEdit = (object: EditorObject, text: string) => {
    setEditingId(null);
    if (object.kind !== 'text' && object.kind !== 'note') return;
    if (text.trim() === '') store.removeObject(object.id);
    else if (text !== object.text) store.updateObject(object.id, (o) => ({ ...o, text }) as EditorObject);
  };

  const markSelection = (markup: MarkupTool): boolean => {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return false;
    const range = selection.getRangeAt(0);
    const pageElement = range.startContainer.parentElement?.closest<HTMLElement>('[data-page-key]');
    const slot = state.pages.find((p) => p.key === pageElement?.dataset.pageKey);
    if (!pageElement || !slot || slot.source === null) return false;
    const rects = selectionToPageBoxes(range.getClientRects(), { rect: pageElement.getBoundingClientRect(), scale, width: slot.width, height: slot.height, turn: slot.turn });
    if (rects.length === 0) return false;
    add([{ id: newId(), kind: markup, page: slot.source, rects, color: MARKUP_COLOURS[markup] }]);
    selection.removeAllRanges();
    return true;
  };

  const chooseTool = (next: Tool) => {
    if (isMarkupTool(next) && markSelection(next)) return setTool('select');
    setTool(next);
  };

  const placeImage = async (file: Blob, width?: number) => {
    if (!targetPage) return;
    const prepared = await prepareImage(file, profile?.pdf_export_quality ?? 'medium');
    const centre = { x: targetPage.width / 2, y: targetPage.height / 2 };
    const box = width ? { x: centre.x - width / 2, y: centre.y, width, height: (width * prepared.height) / prepared.width } : imageBox(prepared, targetPage, centre);
    add([{ id: newId(), kind: 'image', page: targetPage.source, ...box, image: prepared.blob, rotation: 0 }]);
  };

  /** The same initials at the same spot (bottom right) on every page. */
  const initialEveryPage = (image: Blob, pixels: { width: number; height: number }) => {
    const width = 60;
    const height = (width * pixels.height) / pixels.width;
    add(originalPages.map((p) => ({ id: newId(), kind: 'image' as const, page: p.source, x: p.width - 36 - width, y: p.height - 36 - height, width, height, image, rotation: 0 })));
  };

  const pages = {
    change: (update: (pages: PageSlot[]) => PageSlot[]) => store.change((s) => ({ ...s, pages: update(s.pages) })),
    move(from: number, to: number) {
      pages.change((list) => {
        const next = [...list];
        const [moved] = next.splice(from, 1);
        next.splice(to, 0, moved!);
        return next;
      });
    },
    turn: (index: number) => pages.change((list) => list.map((p, i) => (i === index ? { ...p, turn: ((p.turn + 90) % 360) as PageSlot['turn'] } : p))),
    remove(index: number) {
      const source = state.pages[index]?.source;
      store.change((s) => ({ ...s, pages: s.pages.filter((_, i) => i !== index), objects: s.objects.filter((o) => o.page !== source) }));
    },
    /** Every page of another PDF after this one, as placeholders until the save copies them in. */
    async insertPdf(index: number, file: File) {
      let sizes: { width: number; height: number }[];
      try {
        const doc = await openPdf(await file.arrayBuffer());
        sizes = await Promise.all(Array.from({ length: doc.numPages }, async (_, i) => (await doc.getPage(i + 1)).getViewport({ scale: 1 })));
        void doc.destroy();
      } catch (error) {
        toast({ title: 'Could not insert the pages', description: error instanceof Error ? error.message : 'This PDF could not be read.', variant: 'destructive' });
        return;
      }
      const added = sizes.map(({ width, height }, i): PageSlot => ({ key: newId(), source: null, inserted: { file, page: i + 1, of: sizes.length }, width, height, turn: 0 }));
      pages.change((list) => [...list.slice(0, index + 1), ...added, ...list.slice(index + 1)]);
    },
    insertBlank(index: number) {
      const [width, height] = paperPage(profile?.preferred_page_size ?? 'A4', false);
      pages.change((list) => [...list.slice(0, index + 1), { key: newId(), source: null, width, height, turn: 0 }, ...list.slice(index + 1)]);
    },
  };

  const showPage = (index: number) => {
    scroller.current?.querySelector(`[data-page-index="${index}"]`)?.scrollIntoView({ block: 'start' });
    setCurrent(index);
    setRailOpen(false);
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const line = element.scrollTop + element.clientHeight / 3;
    const children = [...element.querySelectorAll<HTMLElement>('[data-page-index]')];
    const found = children.findLastIndex((child) => child.offsetTop <= line);
    setCurrent(Math.max(0, found));
  };

  // Pinch zoom: two fingers on the pages scale them (the browser's own pinch is off there).
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const fingers = (touches: React.TouchList) => Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);

  useEditorKeys({
    enabled: !readOnly,
    store,
    selected,
    onSelect: select,
    onEdit: setEditingId,
    onPaste: (object) => add([object]),
  });

  const context: EditorContextValue = {
    doc: pdf.doc,
    store,
    scale,
    readOnly,
    tool,
    selectedId,
    editingId,
    imageUrls,
    formFields,
    setFormValue: (name, value) => store.change((s) => ({ ...s, form: { ...s.form, [name]: value } })),
    select,
    setEditingId,
    place,
    finishEdit,
    markSelection,
  };

  return (
    <EditorContext.Provider value={context}>
      <div className="flex h-full min-h-0 flex-col bg-background">
        {header({ state, dirty: store.dirty })}
        {banner}
        <Toolbar
          tool={tool}
          readOnly={readOnly}
          onTool={chooseTool}
          onImage={(file) => void placeImage(file)}
          onSign={() => setSigning('signature')}
          onInitialEveryPage={() => setSigning('initials')}
          canUndo={store.canUndo}
          canRedo={store.canRedo}
          onUndo={store.undo}
          onRedo={store.redo}
          zoomPercent={Math.round(scale * 100)}
          onZoom={(direction) => setZoom(direction === 'fit' ? 'fit' : Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, direction === 'in' ? scale * 1.25 : scale / 1.25)))}
          onToggleRail={() => setRailOpen((open) => !open)}
        />
        <div className="relative flex min-h-0 flex-1">
          <nav
            aria-label="Page thumbnails"
            className={cn('w-44 shrink-0 overflow-y-auto border-r bg-muted/40', railOpen ? 'absolute inset-y-0 left-0 z-20 shadow-lg' : 'hidden md:block')}
          >
            <PageRail
              pages={state.pages}
              current={current}
              onShow={showPage}
              onMove={pages.move}
              onTurn={pages.turn}
              onDelete={pages.remove}
              onInsertBlank={pages.insertBlank}
              onInsertPdf={(index, file) => void pages.insertPdf(index, file)}
            />
          </nav>
          {/* Focusable so the keyboard can scroll the pages too (arrows, Page Down), as the pointer does. */}
          <div
            ref={scroller}
            role="region"
            aria-label="Pages"
            tabIndex={0}
            className="min-w-0 flex-1 touch-pan-x touch-pan-y overflow-auto bg-muted/60 p-4"
            onScroll={onScroll}
            onPointerDown={(event) => event.target === event.currentTarget && select(null)}
            onTouchStart={(event) => {
              if (event.touches.length === 2) pinch.current = { distance: fingers(event.touches), scale };
            }}
            onTouchMove={(event) => {
              if (event.touches.length !== 2 || !pinch.current) return;
              setZoom(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (pinch.current.scale * fingers(event.touches)) / pinch.current.distance)));
            }}
            onTouchEnd={() => {
              pinch.current = null;
            }}
          >
            <div className="flex w-max min-w-full flex-col items-center gap-4">
              {state.pages.map((slot, index) => (
                <PageView key={slot.key} slot={slot} index={index} />
              ))}
            </div>
          </div>
          {selected && !readOnly && (
            <aside className="absolute inset-x-0 bottom-0 z-10 max-h-[45%] overflow-y-auto border-t bg-background shadow-lg md:static md:w-60 md:max-h-none md:border-t-0 md:border-l md:shadow-none">
              <PropertiesPanel
                object={selected}
                onChange={(update) => store.updateObject(selected.id, update)}
                onDelete={() => {
                  store.removeObject(selected.id);
                  setSelectedId(null);
                }}
              />
            </aside>
          )}
        </div>
      </div>
      <LeaveGuard dirty={store.dirty && !readOnly} />
      <SignatureDialog
        open={signing !== null}
        kind={signing ?? 'signature'}
        onOpenChange={(open) => !open && setSigning(null)}
        onDone={(image) => (signing === 'initials' ? initialEveryPage(image.blob, image) : void placeImage(image.blob, 150))}
      />
    </EditorContext.Provider>
  );
}
