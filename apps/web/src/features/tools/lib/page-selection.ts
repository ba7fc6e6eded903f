import { expandPageRanges, parsePageRanges } from '@wattle/shared';

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

/** Moves the item at index `from` to index `to` (a drag in the organise grid). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** 1..count: every page in order. */
export function allPages(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i + 1);
}
