import { describe, expect, it } from 'vitest';
import { allPages, moveItem, pagesToRanges, rangesToPages, togglePage } from './page-selection';

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

  it('moves an item to a new index', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3], 1, 9)).toEqual([1, 3, 2]);
  });

  it('lists every page', () => {
    expect(allPages(3)).toEqual([1, 2, 3]);
  });
});
