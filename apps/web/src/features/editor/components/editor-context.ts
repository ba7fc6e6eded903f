import { createContext, useContext } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { FormField, FormFieldValue } from '../forms/form-fields';
import type { EditorStore } from '../hooks/use-editor-state';
import type { Box, EditorObject, Point } from '../model/types';

/** What the toolbar's buttons put on the page (select picks up what is there). */
export type Tool =
  | 'select'
  | 'text'
  | 'rectangle'
  | 'ellipse'
  | 'line'
  | 'arrow'
  | 'ink'
  | 'whiteout'
  | 'tick'
  | 'cross'
  | 'date'
  | 'note'
  | 'highlight'
  | 'underline'
  | 'strikeout';

export const MARKUP_TOOLS = ['highlight', 'underline', 'strikeout'] as const;
export type MarkupTool = (typeof MARKUP_TOOLS)[number];
export const isMarkupTool = (tool: Tool): tool is MarkupTool => (MARKUP_TOOLS as readonly string[]).includes(tool);

/** A finished gesture with a placing tool, in page points. */
export interface Placement {
  page: number;
  start: Point;
  box: Box;
  points: Point[];
}

export interface EditorContextValue {
  doc: PDFDocumentProxy;
  store: EditorStore;
  scale: number;
  readOnly: boolean;
  tool: Tool;
  selectedId: string | null;
  editingId: string | null;
  imageUrls: Map<Blob, string>;
  /** The PDF's own form fields, filled in place. */
  formFields: readonly FormField[];
  setFormValue: (name: string, value: FormFieldValue) => void;
  select: (id: string | null) => void;
  setEditingId: (id: string | null) => void;
  place: (tool: Tool, placement: Placement) => void;
  finishEdit: (object: EditorObject, text: string) => void;
  markSelection: (tool: MarkupTool) => boolean;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor must be used inside the editor');
  return value;
}
