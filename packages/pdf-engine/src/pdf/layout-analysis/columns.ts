import { median } from '../layout.ts';
import { pageLines } from './lines.ts';
import type { Glyph } from './page-content.ts';

/**
 * Text columns found from the page's layout, as an XY-cut finds them: rows of glyphs (bands of the
 * page with nothing between them) top to bottom, and a gutter where a run of rows keeps the same
 * strip empty. Found before glyphs become lines, so a line never runs on across a gutter narrower
 * than the word gap that separates lines (pdfLaTeX's \twocolumn leaves 1 em).
 */

export interface ColumnSplit {
  /** The run of rows set in columns: from its first row's top to its last row's bottom. */
  top: number;
  bottom: number;
  /** Where the gutter is: glyphs left of it are the first column. */
  x: number;
}

/** An empty strip narrower than this (ems) is a word gap, not a gutter. */
const GUTTER = 0.6;
/** A run of rows shorter than this (ems) is a line or two with a wide gap (a form's fields, a tab), not columns. */
const MIN_HEIGHT = 4;
/** Rows further apart than this (ems) belong to different parts of the page (a masthead, a footer). */
const ROW_BREAK = 1.5;
/** Columns of prose have at least this many lines of this many words or more on average; a form's fields and table cells fewer. */
const PROSE_LINES = 4;
const PROSE_WORDS = 3;

interface Row {
  top: number;
  bottom: number;
  glyphs: Glyph[];
}
interface Strip {
  x0: number;
  x1: number;
}

const top = (g: Glyph) => g.baseline - g.size * 0.8;
const bottom = (g: Glyph) => g.baseline + g.size * 0.2;

/** The first run of rows, top to bottom, that is set in columns of prose; undefined when there is none. */
export function columnSplit(glyphs: readonly Glyph[]): ColumnSplit | undefined {
  if (glyphs.length === 0) return undefined;
  const em = median(glyphs.map((g) => g.size));
  const rows = rowsOf(glyphs);
  const left = Math.min(...glyphs.map((g) => g.x0));
  const right = Math.max(...glyphs.map((g) => g.x1));
  const empty = rows.map((row) => emptyStrips(row, left, right, GUTTER * em));
  for (let first = 0; first < rows.length; first++) {
    let strips = empty[first]!;
    for (let last = first; strips.length > 0; last++) {
      const next = last + 1 < rows.length && rows[last + 1]!.top - rows[last]!.bottom <= ROW_BREAK * em ? intersect(strips, empty[last + 1]!, GUTTER * em) : [];
      if (next.length > 0) {
        strips = next;
        continue;
      }
      const run = rows.slice(first, last + 1);
      const split = proseSplit(run, strips, em);
      if (split) return split;
      break;
    }
  }
  return undefined;
}

function proseSplit(run: Row[], strips: Strip[], em: number): ColumnSplit | undefined {
  const [top, bottom] = [run[0]!.top, run.at(-1)!.bottom];
  if (bottom - top < MIN_HEIGHT * em) return undefined;
  const inRun = run.flatMap((row) => row.glyphs);
  for (const strip of [...strips].sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))) {
    const x = (strip.x0 + strip.x1) / 2;
    const sides = [inRun.filter((g) => g.x1 <= x), inRun.filter((g) => g.x0 >= x)];
    if (sides.every(isProse)) return { top, bottom, x };
  }
  return undefined;
}

function isProse(glyphs: Glyph[]): boolean {
  const lines = pageLines(glyphs);
  return lines.length >= PROSE_LINES && lines.reduce((sum, line) => sum + line.words.length, 0) / lines.length >= PROSE_WORDS;
}

/** Glyphs into rows: bands of the page that no glyph crosses the edge of. */
function rowsOf(glyphs: readonly Glyph[]): Row[] {
  const rows: Row[] = [];
  for (const glyph of [...glyphs].sort((a, b) => top(a) - top(b))) {
    const row = rows.at(-1);
    if (row && top(glyph) < row.bottom) {
      row.glyphs.push(glyph);
      row.bottom = Math.max(row.bottom, bottom(glyph));
    } else rows.push({ top: top(glyph), bottom: bottom(glyph), glyphs: [glyph] });
  }
  return rows;
}

/** The strips of [left, right] no glyph of the row covers, at least `min` wide, between glyphs (not the margins). */
function emptyStrips(row: Row, left: number, right: number, min: number): Strip[] {
  const strips: Strip[] = [];
  let x = left;
  for (const glyph of [...row.glyphs].sort((a, b) => a.x0 - b.x0)) {
    if (glyph.x0 - x >= min) strips.push({ x0: x, x1: glyph.x0 });
    x = Math.max(x, glyph.x1);
  }
  if (right - x >= min) strips.push({ x0: x, x1: right });
  return strips.filter((s) => s.x0 > left || s.x1 < right);
}

function intersect(a: Strip[], b: Strip[], min: number): Strip[] {
  return a.flatMap((s) => b.map((t) => ({ x0: Math.max(s.x0, t.x0), x1: Math.min(s.x1, t.x1) }))).filter((s) => s.x1 - s.x0 >= min);
}
