import { describe, expect, it } from 'vitest';
import { countPagesInRanges, expandPageRanges, PAGE_RANGES_PATTERN, PageRangeError, parsePageRanges } from './page-ranges.ts';

describe('parsePageRanges', () => {
  it('parses single pages, ranges and open ends', () => {
    expect(parsePageRanges('1-2,4', 10)).toEqual([{ start: 1, end: 2 }, { start: 4, end: 4 }]);
    expect(parsePageRanges(' 3 - 5 , 8- ', 10)).toEqual([{ start: 3, end: 5 }, { start: 8, end: 10 }]);
  });

  it('expands in order and keeps repeats', () => {
    expect(expandPageRanges(parsePageRanges('3,1-2,3', 3))).toEqual([3, 1, 2, 3]);
    expect(expandPageRanges(parsePageRanges('4-2', 5, { allowReverse: true }))).toEqual([4, 3, 2]);
    expect(countPagesInRanges(parsePageRanges('1-3,5-4', 5, { allowReverse: true }))).toBe(5);
  });

  it.each([
    ['', 'at least one page'],
    ['0', 'numbered from 1'],
    ['11', 'Page 11 does not exist: the document has 10 pages'],
    ['2-99', 'Page 99 does not exist'],
    ['5-3', 'runs backwards'],
    ['1,,2', 'is not a page or range'],
    ['a-b', 'is not a page or range'],
    ['-3', 'is not a page or range'],
    ['1234567', 'is not a page or range'],
  ])('refuses %j with a clear message', (input, message) => {
    expect(() => parsePageRanges(input, 10)).toThrow(PageRangeError);
    expect(() => parsePageRanges(input, 10)).toThrow(message);
  });

  it('bounds the input length', () => {
    expect(() => parsePageRanges('1,'.repeat(300) + '1', 10)).toThrow('at most 500 characters');
  });

  it('the schema pattern agrees with the parser on syntax', () => {
    for (const ok of ['1', '1-2,4', ' 8- ', '1 - 3 , 5']) expect(PAGE_RANGES_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', ',', '1,', 'x', '1-2-3', '-1', '1234567', '1;2']) expect(PAGE_RANGES_PATTERN.test(bad)).toBe(false);
  });
});
