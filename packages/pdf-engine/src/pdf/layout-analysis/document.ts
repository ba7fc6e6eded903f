import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EngineError } from '../../errors.ts';
import { lineText, type Line } from './lines.ts';
import { pageContent } from './page-content.ts';
import { pageFlow, type PageFlow, type Paragraph } from './flow.ts';

/**
 * The whole document's structure: every page's flow, the body text size (the size most text is
 * set in), headings (larger than the body, or bold short lines; levels by size, largest first) and
 * lists (a marker before the text; bulleted or numbered, nesting by how far the marker is indented).
 */

export type ListFormat = 'bullet' | 'decimal' | 'lowerLetter' | 'upperLetter' | 'lowerRoman' | 'upperRoman';

export interface DocumentLayout {
  pages: PageFlow[];
  /** A line repeated at the head or foot of the pages (its page number aside), taken out of their flow; `numbered` when a number in it counts the pages. */
  running: { header?: RunningLine; footer?: RunningLine };
  bodySize: number;
  headingLevel: Map<Paragraph, number>;
  list: Map<Paragraph, { format: ListFormat; level: number }>;
}

export interface RunningLine {
  paragraph: Paragraph;
  numbered: boolean;
}

/** A running header or footer lies in this share of the page at its head or foot. */
const RUNNING_BAND = 0.12;

const HEADING_RATIO = 1.15;
const MAX_HEADING_WORDS = 20;
const LEVEL_STEP = 12;

export function listFormat(marker: string): ListFormat {
  const core = marker.replace(/^\(|[.)]$/g, '');
  if (/^\d+$/.test(core)) return 'decimal';
  if (/^[ivxlc]+$/.test(core) && core !== 'c' && core !== 'l') return core === 'i' || core.length > 1 ? 'lowerRoman' : 'lowerLetter';
  if (/^[IVXLC]+$/.test(core) && core !== 'C' && core !== 'L') return core === 'I' || core.length > 1 ? 'upperRoman' : 'upperLetter';
  if (/^[a-z]$/.test(core)) return 'lowerLetter';
  if (/^[A-Z]$/.test(core)) return 'upperLetter';
  return 'bullet';
}

const words = (p: Paragraph) => p.lines.reduce((n, l) => n + l.words.length, 0);
const size = (p: Paragraph) => Math.max(...p.lines.map((l: Line) => l.size));

export async function documentLayout(pdf: PDFDocumentProxy, maxGlyphs: number, onPage?: (done: number) => void): Promise<DocumentLayout> {
  const { PagesMapper } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pages: PageFlow[] = [];
  let glyphs = 0;
  for (let i = 1; i <= pdf.numPages; i++) {
    // pdfjs 5 keeps one page count for the whole process (PagesMapper, for its viewer) and checks
    // page requests against it: with several documents open at once, ours must be the one in force.
    PagesMapper.instance.pagesNumber = pdf.numPages;
    const page = await pdf.getPage(i);
    const content = await pageContent(page);
    glyphs += content.glyphs.length;
    if (glyphs > maxGlyphs) throw new EngineError('LIMIT_EXCEEDED', 'The PDF has more text than can be converted.', { limit: 'text' });
    pages.push(pageFlow(content));
    page.cleanup();
    onPage?.(i);
  }
  const running = { header: runningLine(pages, 'header'), footer: runningLine(pages, 'footer') };
  const paragraphs = pages.flatMap((p) => p.blocks.filter((b): b is Paragraph => b.kind === 'paragraph'));
  const counts = new Map<number, number>();
  for (const line of paragraphs.flatMap((p) => p.lines)) for (const w of line.words) counts.set(w.size, (counts.get(w.size) ?? 0) + w.text.length);
  const bodySize = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 11;

  const candidates = paragraphs.filter((p) => {
    if (p.marker || words(p) > MAX_HEADING_WORDS || p.lines.length > 3) return false;
    if (size(p) >= bodySize * HEADING_RATIO) return true;
    const text = p.lines.map(lineText).join(' ');
    return p.lines.length === 1 && p.lines[0]!.words.every((w) => w.style.bold) && size(p) >= bodySize - 0.5 && !/[.,;]$/.test(text) && words(p) <= 12;
  });
  const sizes = [...new Set(candidates.map((p) => Math.round(size(p))))].sort((a, b) => b - a);
  const headingLevel = new Map(candidates.map((p) => [p, Math.min(6, sizes.indexOf(Math.round(size(p))) + 1)]));

  const list = new Map<Paragraph, { format: ListFormat; level: number }>();
  for (const page of pages) {
    const items = page.blocks.filter((b): b is Paragraph => b.kind === 'paragraph' && b.marker !== undefined);
    const left = Math.min(...items.map((p) => p.lines[0]!.x0));
    for (const item of items) list.set(item, { format: listFormat(item.marker!), level: Math.min(8, Math.round((item.lines[0]!.x0 - left) / LEVEL_STEP / 2)) });
  }
  return { pages, running, bodySize, headingLevel, list };
}

/**
 * The one-line paragraph every page (two or more) begins or ends with in its outer band, the same but
 * for its numbers: taken out of each page's blocks, so Word repeats it as its header or footer.
 */
function runningLine(pages: PageFlow[], place: 'header' | 'footer'): RunningLine | undefined {
  if (pages.length < 2) return undefined;
  const ends = pages.map((page) => {
    const block = place === 'header' ? page.blocks[0] : page.blocks.at(-1);
    // One row of the page: a line, or lines with wide gaps between them ("Newsletter      Spring 2026").
    if (block?.kind !== 'paragraph' || block.lines.some((l) => Math.abs(l.baseline - block.lines[0]!.baseline) > 1)) return undefined;
    const inBand = place === 'header' ? block.lines[0]!.bottom < page.height * RUNNING_BAND : block.lines[0]!.top > page.height * (1 - RUNNING_BAND);
    return inBand ? block : undefined;
  });
  const text = (p: Paragraph) => p.lines.map(lineText).join(' ');
  const key = (p: Paragraph | undefined) => p && text(p).replace(/\d+/g, '#');
  const first = ends[0];
  if (!first || ends.some((p) => key(p) !== key(first))) return undefined;
  // Lines that differ in their numbers run only when the number counts the pages ("Page 3"), not chapters.
  const numbered = ends.some((p) => text(p!) !== text(first));
  const numbers = ends.map((p) => Number(/\d+/.exec(text(p!))?.[0]));
  if (numbered && numbers.some((n, i) => n - i !== numbers[0])) return undefined;
  for (const [i, page] of pages.entries()) page.blocks = page.blocks.filter((b) => b !== ends[i]);
  return { paragraph: first, numbered };
}
