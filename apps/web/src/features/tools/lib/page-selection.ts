import { expandPageRanges, parsePageRanges, type PageRange } from '@wattle/shared';

/**
 * Page lists and the range text the options take ("1-3,5"). The thumbnail grid edits lists; the form
 * keeps the text, so whatever is typed and whatever is clicked stay one value.
 */

/** [1,2,3,5,4] → "1-3,5,4": consecutive runs (either direction) collapse into ranges, order kept. */
export function pagesToRanges(pages: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < pages.length) {
    const start = pages[i]!;
    let end = start;
    let j = i + 1;
    const step = pages[j] === start + 1 ? 1 : pages[j] === start - 1 ? -1 : 0;
    if (step !== 0) {
      while (pages[j] === end + step) end = pages[j++]!;
    }
    // A reversed pair reads better as "5,4" than as the backwards range "5-4".
    if (end === start) parts.push(String(start));
    else if (step === -1 && Math.abs(end - start) === 1) parts.push(`${start},${end}`);
    else parts.push(`${start}-${end}`);
    i = j;
  }
  return parts.join(',');
}

/** The pages the text names for a document of pageCount pages, or null while the text is not valid. */
export function rangesToPages(text: string, pageCount: number, allowReverse = false): number[] | null {
  if (text.trim() === '') return [];
  try {
    return expandPageRanges(parsePageRanges(text, pageCount, { allowReverse }));
  } catch {
    return null;
  }
}

/** Adds or removes one page from a selection, keeping it sorted and without repeats. */
export function togglePage(selected: readonly number[], page: number): number[] {
  const set = new Set(selected);
  if (set.has(page)) set.delete(page);
  else set.add(page);
  return [...set].sort((a, b) => a - b);
}

/** Shift-click: adds every page between the last page clicked (`anchor`) and `page`, both included. */
export function selectSpan(selected: readonly number[], anchor: number, page: number): number[] {
  const [from, to] = anchor <= page ? [anchor, page] : [page, anchor];
  return [...new Set([...selected, ...Array.from({ length: to - from + 1 }, (_, i) => from + i)])].sort((a, b) => a - b);
}

/**
 * Split's ranges: each group of pages is one new PDF, so "1-3" and "1,2,3" differ (one file or three)
 * and the text is read group by group rather than as a set of pages.
 */
export function rangesToGroups(text: string, pageCount: number): PageRange[] | null {
  if (text.trim() === '') return [];
  try {
    return parsePageRanges(text, pageCount);
  } catch {
    return null;
  }
}

export function groupsToRanges(groups: readonly PageRange[]): string {
  return groups.map(({ start, end }) => (start === end ? `${start}` : `${start}-${end}`)).join(',');
}

const inGroup = (group: PageRange, page: number) => page >= group.start && page <= group.end;
const byStart = (a: PageRange, b: PageRange) => a.start - b.start;

/** A click: the page as a file of its own, or (clicked again) its file taken away. */
export function toggleGroup(groups: readonly PageRange[], page: number): PageRange[] {
  const holding = groups.find((g) => inGroup(g, page));
  if (holding) return groups.filter((g) => g !== holding);
  return [...groups, { start: page, end: page }].sort(byStart);
}

/** A shift-click: one file from the last page clicked (`anchor`) to `page`, in place of the files it overlaps. */
export function spanGroup(groups: readonly PageRange[], anchor: number, page: number): PageRange[] {
  const span = anchor <= page ? { start: anchor, end: page } : { start: page, end: anchor };
  return [...groups.filter((g) => g.end < span.start || g.start > span.end), span].sort(byStart);
}

/** 1..count: every page in order. */
export function allPages(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i + 1);
}
