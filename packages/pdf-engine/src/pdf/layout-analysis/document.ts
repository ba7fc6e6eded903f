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
  bodySize: number;
  headingLevel: Map<Paragraph, number>;
  list: Map<Paragraph, { format: ListFormat; level: number }>;
}

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
  return { pages, bodySize, headingLevel, list };
}
