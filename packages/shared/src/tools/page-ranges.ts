/**
 * Page ranges as users type them: "1-3,5,8-" (1-based, inclusive; "8-" runs to the last page).
 * The syntax is checked by the option schemas (bounded length, at most 6 digits per number) so the
 * API can refuse nonsense at once; the page count is only known in the worker, which calls
 * parsePageRanges to check the numbers against the real document.
 */

export interface PageRange {
  /** First page, 1-based. */
  start: number;
  /** Last page, 1-based, inclusive. Smaller than start only when reverse ranges are allowed. */
  end: number;
}

export const PAGE_RANGES_MAX_LENGTH = 500;

const NUMBER = String.raw`\d{1,6}`;
const SEGMENT = String.raw`\s*${NUMBER}\s*(?:-\s*(?:${NUMBER}\s*)?)?`;

/** Whole-string syntax check, shared with the option schemas (and so with the JSON Schema). */
export const PAGE_RANGES_PATTERN = new RegExp(String.raw`^${SEGMENT}(?:,${SEGMENT})*$`);

export const PAGE_RANGES_HINT = 'Use page numbers and ranges separated by commas, e.g. 1-3,5,8-';

export class PageRangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageRangeError';
  }
}

export interface ParsePageRangesOptions {
  /** Accept "5-2" as pages 5,4,3,2 (used by organise); otherwise it is an error. */
  allowReverse?: boolean;
}

/** Parses "1-2,4" against a document of pageCount pages; throws PageRangeError with a readable message. */
export function parsePageRanges(input: string, pageCount: number, options: ParsePageRangesOptions = {}): PageRange[] {
  if (!Number.isInteger(pageCount) || pageCount < 1) throw new PageRangeError('The document has no pages.');
  if (input.trim() === '') throw new PageRangeError('Enter at least one page number.');
  if (input.length > PAGE_RANGES_MAX_LENGTH) {
    throw new PageRangeError(`Page ranges must be at most ${PAGE_RANGES_MAX_LENGTH} characters.`);
  }
  return input.split(',').map((raw) => parseSegment(raw.trim(), pageCount, options));
}

function parseSegment(segment: string, pageCount: number, options: ParsePageRangesOptions): PageRange {
  const match = /^(\d{1,6})\s*(?:(-)\s*(\d{1,6})?)?$/.exec(segment);
  if (!match) throw new PageRangeError(`"${segment.slice(0, 20)}" is not a page or range. ${PAGE_RANGES_HINT}.`);
  const start = Number(match[1]);
  const end = match[2] ? (match[3] === undefined ? pageCount : Number(match[3])) : start;
  for (const page of [start, end]) {
    if (page < 1) throw new PageRangeError('Pages are numbered from 1.');
    if (page > pageCount) {
      throw new PageRangeError(`Page ${page} does not exist: the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`);
    }
  }
  if (end < start && !options.allowReverse) {
    throw new PageRangeError(`The range ${start}-${end} runs backwards: write it as ${end}-${start}.`);
  }
  return { start, end };
}

/** The 1-based page numbers the ranges cover, in order, repeats kept. */
export function expandPageRanges(ranges: readonly PageRange[]): number[] {
  const pages: number[] = [];
  for (const { start, end } of ranges) {
    const step = end >= start ? 1 : -1;
    for (let page = start; page !== end + step; page += step) pages.push(page);
  }
  return pages;
}

/** Number of pages the ranges cover without expanding them (to check output budgets first). */
export function countPagesInRanges(ranges: readonly PageRange[]): number {
  return ranges.reduce((sum, { start, end }) => sum + Math.abs(end - start) + 1, 0);
}
