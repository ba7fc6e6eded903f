import { useCallback, useMemo, useState } from 'react';
import { record, redo, startHistory, undo, type History } from '../model/history';
import type { EditorObject, EditorState } from '../model/types';

/**
 * The editor's document with undo and redo. `change` records one step; `dirty` is true while the
 * document differs from what was last opened or saved.
 */
export function useEditorState(initial: EditorState) {
  const [history, setHistory] = useState<History<EditorState>>(() => startHistory(initial));
  const [saved, setSaved] = useState<EditorState>(initial);

  const change = useCallback((update: (state: EditorState) => EditorState) => setHistory((h) => record(h, update(h.present))), []);
  const updateObject = useCallback(
    (id: string, update: (object: EditorObject) => EditorObject) =>
      change((state) => ({ ...state, objects: state.objects.map((o) => (o.id === id ? update(o) : o)) })),
    [change],
  );
  const addObjects = useCallback((objects: EditorObject[]) => change((state) => ({ ...state, objects: [...state.objects, ...objects] })), [change]);
  const removeObject = useCallback((id: string) => change((state) => ({ ...state, objects: state.objects.filter((o) => o.id !== id) })), [change]);
  /** A new base (opened or saved): history starts again from it. */
  const reset = useCallback((state: EditorState) => {
    setHistory(startHistory(state));
    setSaved(state);
  }, []);
  /** The state that was just saved becomes the clean one, keeping the history. */
  const markSaved = useCallback((state: EditorState) => setSaved(state), []);

  return useMemo(
    () => ({
      state: history.present,
      dirty: history.present !== saved,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      change,
      updateObject,
      addObjects,
      removeObject,
      undo: () => setHistory(undo),
      redo: () => setHistory(redo),
      reset,
      markSaved,
    }),
    [history, saved, change, updateObject, addObjects, removeObject, reset, markSaved],
  );
}

export type EditorStore = ReturnType<typeof useEditorState>;

export const newId = () => crypto.randomUUID();
