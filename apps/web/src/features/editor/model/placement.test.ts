import { describe, expect, it } from 'vitest';
import { editOperationSchema } from '@wattle/shared';
import { buildOperations } from './operations';
import { objectFor, type Placement, type Tool } from './placement';
import type { PageSlot } from './types';

const click = (x: number, y: number): Placement => ({ page: 1, start: { x, y }, box: { x, y, width: 0, height: 0 }, points: [{ x, y }] });
const drag: Placement = { page: 1, start: { x: 200, y: 100 }, box: { x: 50, y: 100, width: 150, height: 60 }, points: [{ x: 200, y: 100 }, { x: 120, y: 130 }, { x: 50, y: 160 }] };

describe('objectFor', () => {
  it('gives a clicked shape its usual size at the pointer, a dragged one the box drawn', () => {
    expect(objectFor('rectangle', click(10, 20), 'a', '24/11/2026')).toMatchObject({ x: 10, y: 20, width: 120, height: 80 });
    expect(objectFor('rectangle', drag, 'a', '24/11/2026')).toMatchObject({ x: 50, y: 100, width: 150, height: 60 });
  });

  it('draws a line from where the drag started to where it ended, whichever way it went', () => {
    expect(objectFor('arrow', drag, 'a', '24/11/2026')).toMatchObject({ from: { x: 200, y: 100 }, to: { x: 50, y: 160 } });
  });

  it('stamps the date it is given', () => {
    expect(objectFor('date', click(5, 5), 'a', '24/11/2026')).toMatchObject({ kind: 'stamp', mark: 'date', date: '24/11/2026' });
  });

  it('makes nothing for select and the markup tools', () => {
    for (const tool of ['select', 'highlight', 'underline', 'strikeout'] as Tool[]) expect(objectFor(tool, click(1, 1), 'a', '24/11/2026')).toBeNull();
  });

  it('makes objects whose operations the schema accepts', () => {
    const page: PageSlot = { key: 'p', source: 1, width: 595.28, height: 841.89, turn: 0 };
    const tools: Tool[] = ['text', 'rectangle', 'ellipse', 'whiteout', 'line', 'arrow', 'ink', 'tick', 'cross', 'date', 'note'];
    const objects = tools.map((tool, i) => objectFor(tool, i % 2 ? drag : click(30, 40), String(i), '24/11/2026')!);
    for (const operation of buildOperations({ pages: [page], objects, form: {} }, false, 1).operations) {
      expect(editOperationSchema.safeParse(operation).success, JSON.stringify(operation)).toBe(true);
    }
  });
});
