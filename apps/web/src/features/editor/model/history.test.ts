import { describe, expect, it } from 'vitest';
import { record, redo, startHistory, undo } from './history';

describe('history', () => {
  it('undoes and redoes one step at a time', () => {
    let h = record(record(startHistory(1), 2), 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = redo(h);
    expect(h.present).toBe(3);
  });

  it('clears redo when something new is recorded', () => {
    const h = record(undo(record(startHistory('a'), 'b')), 'c');
    expect(h.future).toEqual([]);
    expect(redo(h).present).toBe('c');
  });

  it('does nothing past either end', () => {
    const h = startHistory(0);
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });
});
