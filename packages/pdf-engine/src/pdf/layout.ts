/**
 * Text with positions from `pdftotext -bbox-layout` (XHTML: page > flow > block > line > word).
 * Poppler orders flows and blocks in reading order; coordinates are points from the top-left.
 */

export interface Box {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
export interface LayoutWord extends Box {
  text: string;
}
export interface LayoutLine extends Box {
  words: LayoutWord[];
}
export interface LayoutBlock extends Box {
  lines: LayoutLine[];
}
export interface LayoutPage {
  width: number;
  height: number;
  blocks: LayoutBlock[];
}

const TAG = /<(\/?)(page|block|line|word)\b([^>]*)>|([^<]+)/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function attributes(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [, name, value] of text.matchAll(/(\w+)="([^"]*)"/g)) out[name!] = Number(value);
  return out;
}

const box = (a: Record<string, number>): Box => ({ xMin: a.xMin ?? 0, yMin: a.yMin ?? 0, xMax: a.xMax ?? 0, yMax: a.yMax ?? 0 });

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? whole;
  });
}

export function parseBboxLayout(xhtml: string): LayoutPage[] {
  const pages: LayoutPage[] = [];
  let page: LayoutPage | undefined;
  let block: LayoutBlock | undefined;
  let line: LayoutLine | undefined;
  let word: LayoutWord | undefined;
  for (const [, closing, tag, attrs, text] of xhtml.matchAll(TAG)) {
    if (text !== undefined) {
      if (word) word.text += decodeEntities(text);
      continue;
    }
    if (closing) {
      if (tag === 'word' && word && line && word.text.trim()) line.words.push(word);
      if (tag === 'line' && line && block && line.words.length) block.lines.push(line);
      if (tag === 'block' && block && page && block.lines.length) page.blocks.push(block);
      if (tag === 'word') word = undefined;
      if (tag === 'line') line = undefined;
      if (tag === 'block') block = undefined;
      continue;
    }
    const a = attributes(attrs ?? '');
    if (tag === 'page') pages.push((page = { width: a.width ?? 0, height: a.height ?? 0, blocks: [] }));
    else if (tag === 'block') block = { ...box(a), lines: [] };
    else if (tag === 'line') line = { ...box(a), words: [] };
    else word = { ...box(a), text: '' };
  }
  return pages;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
