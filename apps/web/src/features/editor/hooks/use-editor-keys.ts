import { useEffect, useRef } from 'react';
import { moveObject, nudgeStep } from '../lib/geometry';
import type { EditorObject } from '../model/types';
import { newId, type EditorStore } from './use-editor-state';

interface EditorKeys {
  enabled: boolean;
  store: EditorStore;
  selected: EditorObject | null;
  onSelect: (id: string | null) => void;
  onEdit: (id: string) => void;
  onPaste: (object: EditorObject) => void;
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The editor's keyboard, anywhere on the page but in fields and dialogs: undo (Ctrl/Cmd+Z), redo
 * (Shift+Ctrl/Cmd+Z or Ctrl+Y), copy and paste; for the selected object Delete, Escape, Enter (type
 * into it) and the arrow keys (1, 10 with Shift, 100 with Ctrl or Cmd points).
 */
export function useEditorKeys(keys: EditorKeys) {
  const clipboard = useRef<EditorObject | null>(null);
  const latest = useRef(keys);
  latest.current = keys;

  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const { enabled, store, selected, onSelect, onEdit, onPaste } = latest.current;
      const target = event.target as HTMLElement | null;
      if (!enabled || target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]')) return;
      const command = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (command && (key === 'z' || key === 'y')) {
        event.preventDefault();
        return key === 'y' || event.shiftKey ? store.redo() : store.undo();
      }
      if (command && key === 'v' && clipboard.current) {
        event.preventDefault();
        return onPaste({ ...moveObject(clipboard.current, 10, 10), id: newId() });
      }
      if (!selected) return;
      if (command && key === 'c') {
        clipboard.current = selected;
        return;
      }
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        store.removeObject(selected.id);
        return onSelect(null);
      }
      if (event.key === 'Escape') return onSelect(null);
      if (event.key === 'Enter' && (selected.kind === 'text' || selected.kind === 'note')) {
        event.preventDefault();
        return onEdit(selected.id);
      }
      const direction = ARROWS[event.key];
      if (!direction) return;
      event.preventDefault();
      const step = nudgeStep(event);
      store.updateObject(selected.id, (o) => moveObject(o, direction[0] * step, direction[1] * step));
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
