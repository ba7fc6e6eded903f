import { createContext, useContext } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { FormField, FormFieldValue } from '../forms/form-fields';
import type { EditorStore } from '../hooks/use-editor-state';
import type { MarkupTool, Placement, Tool } from '../model/placement';
import type { EditorObject } from '../model/types';

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
