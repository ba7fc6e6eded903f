import { median } from '../layout.ts';
import { alignedRuns, rowsOf, ruledTables, runTable, type AlignedRun, type Table } from '../table.ts';
import { lineText, pageLines, type Line } from './lines.ts';
import { columnSplit } from './columns.ts';
import type { Glyph, PageContent, PageImage, Rule } from './page-content.ts';

/**
 * A page in reading order: paragraphs (with their list marker), tables and images, top to bottom,
 * and a page's text columns read one column after the other.
 */

export interface Paragraph {
  kind: 'paragraph';
  lines: Line[];
  top: number;
  marker?: string;
}
export type Block = Paragraph | { kind: 'table'; table: Table; top: number } | { kind: 'image'; image: PageImage; top: number };

export interface PageFlow {
  width: number;
  height: number;
  blocks: Block[];
  rules: Rule[];
}

/** A gap between lines wider than this many line pitches starts a paragraph. */
const PARAGRAPH_GAP = 1.35;
/** A line ending a sentence this far short of the column's right edge ends its paragraph. */
const SHORT_LINE = 0.75;
const INLINE_MARKER = /^(?:[•●◦▪‣·*–]|\d{1,3}[.)])$/;

interface Unit {
  top: number;
  lines?: Line[];
  table?: Table;
  image?: PageImage;
  columns?: { lines: Line[]; images: PageImage[] }[];
}

export function pageFlow(content: PageContent): PageFlow {
  return { width: content.width, height: content.height, blocks: partBlocks(content.glyphs, content.rules, content.images), rules: content.rules };
}

/**
 * A part of the page in reading order: where a run of its rows is set in columns, what is above it,
 * the first column, the second (which may hold further columns) and what is below, each read on its own.
 */
function partBlocks(glyphs: Glyph[], rules: Rule[], images: PageImage[]): Block[] {
  const split = columnSplit(glyphs);
  if (!split) return blocksOf(glyphs, rules, images);
  const where = (x: number, y: number) => (y < split.top ? 0 : y > split.bottom ? 3 : x < split.x ? 1 : 2);
  const part = <T>(items: T[], at: (item: T) => [number, number], n: number) => items.filter((item) => where(...at(item)) === n);
  const glyphAt = (g: Glyph): [number, number] => [(g.x0 + g.x1) / 2, g.baseline - g.size * 0.3];
  const ruleAt = (r: Rule): [number, number] => [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2];
  const imageAt = (i: PageImage): [number, number] => [(i.x0 + i.x1) / 2, (i.top + i.bottom) / 2];
  return [0, 1, 2, 3].flatMap((n) => {
    const own = part(glyphs, glyphAt, n);
    // The part above the columns has no columns in its first rows, so it cannot find this split again.
    return n === 0 && own.length === glyphs.length ? blocksOf(own, rules, images) : partBlocks(own, part(rules, ruleAt, n), part(images, imageAt, n));
  });
}

function blocksOf(glyphs: Glyph[], rules: Rule[], pictures: PageImage[]): Block[] {
  const content = { glyphs, rules, images: pictures };
  const all = pageLines(content.glyphs);
  const { tables, rest } = ruledTables(all, content.rules);
  let lines = rest;
  const units: Unit[] = tables.map((table) => ({ top: table.top, table }));
  for (const run of alignedRuns(lines)) {
    if (run.prose) continue;
    const table = runTable(run);
    const inRun = new Set(run.rows.flat());
    lines = lines.filter((l) => !inRun.has(l));
    units.push({ top: table.top, table });
  }
  let images = content.images;
  for (const run of alignedRuns(lines).filter((r) => r.prose)) {
    const members = columnMembers(run, lines);
    lines = lines.filter((l) => !members.has(l));
    const all = [...members];
    const [top, bottom] = [Math.min(...all.map((l) => l.top)), Math.max(...all.map((l) => l.bottom))];
    const inColumn = (image: PageImage, c: { x0: number; x1: number }) => image.top >= top && image.top <= bottom && (image.x0 + image.x1) / 2 >= c.x0 && (image.x0 + image.x1) / 2 <= c.x1;
    const columns = run.columns.map((c) => ({ lines: all.filter((l) => l.x0 >= c.x0 - 1 && l.x0 <= c.x1), images: images.filter((i) => inColumn(i, c)) }));
    images = images.filter((i) => !run.columns.some((c) => inColumn(i, c)));
    units.push({ top, columns });
  }
  units.push(...lines.map((line) => ({ top: line.top, lines: [line] })), ...images.map((image) => ({ top: image.top, image })));
  units.sort((a, b) => a.top - b.top);

  const pitch = linePitch(all);
  const blocks: Block[] = [];
  let pending: Line[] = [];
  const flush = () => {
    blocks.push(...paragraphs(pending, pitch));
    pending = [];
  };
  for (const unit of units) {
    if (unit.lines) pending.push(...unit.lines);
    else if (unit.columns) {
      flush();
      for (const column of unit.columns) {
        const inner: Unit[] = [...column.lines.map((line) => ({ top: line.top, lines: [line] })), ...column.images.map((image) => ({ top: image.top, image }))].sort((a, b) => a.top - b.top);
        for (const u of inner) {
          if (u.lines) pending.push(...u.lines);
          else {
            flush();
            blocks.push({ kind: 'image', image: u.image!, top: u.top });
          }
        }
        flush();
      }
    } else {
      flush();
      blocks.push(unit.table ? { kind: 'table', table: unit.table, top: unit.top } : { kind: 'image', image: unit.image!, top: unit.top });
    }
  }
  flush();
  return blocks;
}

/** The run's lines, and the rows just above and below it whose lines each sit inside one of its columns. */
function columnMembers(run: AlignedRun, lines: Line[]): Set<Line> {
  const members = new Set(run.rows.flat());
  const rows = rowsOf(lines);
  const first = rows.findIndex((row) => row.some((l) => members.has(l)));
  const last = rows.findLastIndex((row) => row.some((l) => members.has(l)));
  const fits = (row: Line[]) => row.every((l) => run.columns.some((c) => l.x0 >= c.x0 - l.size && l.x1 <= c.x1 + l.size));
  const near = (a: Line[], b: Line[]) => Math.abs(a[0]!.baseline - b[0]!.baseline) <= 2.5 * a[0]!.size;
  for (let i = first - 1; i >= 0 && near(rows[i]!, rows[i + 1]!) && fits(rows[i]!); i--) rows[i]!.forEach((l) => members.add(l));
  for (let i = last + 1; i < rows.length && near(rows[i]!, rows[i - 1]!) && fits(rows[i]!); i++) rows[i]!.forEach((l) => members.add(l));
  for (let i = first; i <= last; i++) rows[i]!.forEach((l) => members.add(l));
  return members;
}

/** The usual distance between the baselines of a paragraph's lines, per point of text size. */
function linePitch(lines: Line[]): number {
  const ratios: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1]!, lines[i]!];
    const ratio = (b.baseline - a.baseline) / a.size;
    if (a.size === b.size && ratio > 0.9 && ratio < 2) ratios.push(ratio);
  }
  return median(ratios) || 1.2;
}

const allBold = (line: Line) => line.words.every((w) => w.style.bold);

/** Lines of one column, top to bottom, into paragraphs. */
function paragraphs(lines: Line[], pitch: number): Paragraph[] {
  if (lines.length === 0) return [];
  const right = Math.max(...lines.map((l) => l.x1));
  const left = Math.min(...lines.map((l) => l.x0));
  const out: Paragraph[] = [];
  for (const source of lines) {
    let line = source;
    if (!line.marker && line.words.length > 1 && INLINE_MARKER.test(line.words[0]!.text)) {
      line = { ...line, marker: line.words[0]!.text, words: line.words.slice(1).map((w, i) => (i === 0 ? { ...w, spaceBefore: true } : w)) };
    }
    const current = out.at(-1);
    const previous = current?.lines.at(-1);
    const starts =
      !current ||
      !previous ||
      line.marker !== undefined ||
      line.baseline - previous.baseline > PARAGRAPH_GAP * pitch * previous.size ||
      Math.abs(line.size - previous.size) > 0.5 ||
      allBold(line) !== allBold(previous) ||
      (current.marker !== undefined && line.x0 < current.lines[0]!.words[0]!.x0 - 2) ||
      // A first-line indent (pdfLaTeX's and many books' paragraphs have no gap between them).
      (current.marker === undefined && line.baseline > previous.baseline + line.size / 2 && line.x0 > previous.x0 + 0.8 * line.size && line.x0 < previous.x0 + 4 * line.size) ||
      (previous.x1 < left + (right - left) * SHORT_LINE && /[.!?:]$/.test(lineText(previous)));
    if (starts) out.push({ kind: 'paragraph', lines: [line], top: line.top, ...(line.marker && { marker: line.marker }) });
    else current.lines.push(line);
  }
  return out;
}
