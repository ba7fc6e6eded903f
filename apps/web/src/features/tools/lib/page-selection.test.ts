import { describe, expect, it } from 'vitest';
import { allPages, groupsToRanges, pagesToRanges, rangesToGroups, rangesToPages, selectSpan, spanGroup, toggleGroup, togglePage } from './page-selection';

describe('pagesToRanges', () => {
  it.each([
    [[], ''],
    [[1], '1'],
    [[1, 2, 3, 5], '1-3,5'],
    [[3, 1, 2, 4], '3,1-2,4'],
    [[5, 4, 3, 1], '5-3,1'],
    [[5, 4], '5,4'],
    [[2, 2, 3], '2,2-3'],
  ])('%j → %j', (pages, text) => {
    expect(pagesToRanges(pages)).toBe(text);
  });

  it('round-trips through the parser', () => {
    for (const pages of [[1, 2, 3, 5], [4, 3, 2, 1, 1], [7, 1, 6, 2]]) {
      expect(rangesToPages(pagesToRanges(pages), 7, true)).toEqual(pages);
    }
  });
});

describe('rangesToPages', () => {
  it('expands valid text and answers null while it is not valid', () => {
    expect(rangesToPages('1-3,5', 6)).toEqual([1, 2, 3, 5]);
    expect(rangesToPages('4-', 6)).toEqual([4, 5, 6]);
    expect(rangesToPages('', 6)).toEqual([]);
    expect(rangesToPages('9', 6)).toBeNull();
    expect(rangesToPages('3-1', 6)).toBeNull();
    expect(rangesToPages('3-1', 6, true)).toEqual([3, 2, 1]);
    expect(rangesToPages('1,', 6)).toBeNull();
  });
});

describe('selection helpers', () => {
  it('toggles pages and keeps them sorted', () => {
    expect(togglePage([1, 4], 2)).toEqual([1, 2, 4]);
    expect(togglePage([1, 2, 4], 2)).toEqual([1, 4]);
  });

  it('lists every page', () => {
    expect(allPages(3)).toEqual([1, 2, 3]);
  });
});

describe('selectSpan (shift-click)', () => {
  it('adds every page from the last one clicked to this one, either way', () => {
    expect(selectSpan([1], 1, 4)).toEqual([1, 2, 3, 4]);
    expect(selectSpan([2, 9], 7, 5)).toEqual([2, 5, 6, 7, 9]);
  });
});

describe('split groups', () => {
  it('reads the ranges text as its files, in order, and writes it back', () => {
    expect(rangesToGroups('1-2,3,4-5', 5)).toEqual([
      { start: 1, end: 2 },
      { start: 3, end: 3 },
      { start: 4, end: 5 },
    ]);
    expect(rangesToGroups('', 5)).toEqual([]);
    expect(rangesToGroups('1-', 3)).toEqual([{ start: 1, end: 3 }]);
    expect(rangesToGroups('1-9', 5)).toBeNull();
    expect(groupsToRanges([{ start: 4, end: 5 }, { start: 1, end: 1 }])).toBe('4-5,1');
  });

  it('a click makes a one-page file, or takes away the file the page is in', () => {
    expect(toggleGroup([{ start: 1, end: 2 }], 4)).toEqual([
      { start: 1, end: 2 },
      { start: 4, end: 4 },
    ]);
    expect(toggleGroup([{ start: 1, end: 2 }, { start: 4, end: 4 }], 2)).toEqual([{ start: 4, end: 4 }]);
  });

  it('a shift-click makes one file from the last page clicked to this one, replacing files it overlaps', () => {
    expect(spanGroup([{ start: 1, end: 1 }, { start: 3, end: 3 }, { start: 8, end: 9 }], 3, 6)).toEqual([
      { start: 1, end: 1 },
      { start: 3, end: 6 },
      { start: 8, end: 9 },
    ]);
    expect(spanGroup([{ start: 2, end: 5 }], 7, 4)).toEqual([{ start: 4, end: 7 }]);
  });
});
