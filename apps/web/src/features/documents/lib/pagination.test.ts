import { describe, expect, it } from 'vitest';
import { pageItems, totalPagesOf } from './pagination';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the neighbours of the current page', () => {
    expect(pageItems(1, 10_000)).toEqual([1, 2, 3, 4, 5, 'gap', 10_000]);
    expect(pageItems(5, 10_000)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10_000]);
    expect(pageItems(10_000, 10_000)).toEqual([1, 'gap', 9_996, 9_997, 9_998, 9_999, 10_000]);
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8]);
    expect(pageItems(5, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8]);
  });

  it('always shows seven items once pages are many, so the buttons do not jump about', () => {
    for (let current = 1; current <= 40; current++) expect(pageItems(current, 40)).toHaveLength(7);
  });
});

describe('totalPagesOf', () => {
  it('is at least one page', () => {
    expect(totalPagesOf(0, 10)).toBe(1);
    expect(totalPagesOf(10, 10)).toBe(1);
    expect(totalPagesOf(11, 10)).toBe(2);
  });
});
