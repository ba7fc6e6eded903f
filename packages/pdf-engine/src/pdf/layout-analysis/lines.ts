import { sameStyle, type Glyph, type TextStyle } from './page-content.ts';

/**
 * Glyphs -> words -> lines. A line is a run of words on one baseline with no wide gap in it, so
 * the two columns of a page, or the cells of a table row, are separate lines. A list marker ("•",
 * "1.", "a)") alone before a wide gap joins the text after it, as the line's marker.
 */

export interface Word extends Glyph {
  /** A space separates it from the word before (false where only the style changed). */
  spaceBefore: boolean;
}

export interface Line {
  words: Word[];
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  size: number;
  marker?: string;
}

/** A word gap wider than this (ems) is a space; wider than LINE_GAP a new line (a column, a cell). */
const SPACE_GAP = 0.15;
const LINE_GAP = 1.0;
const BULLETS = '•●◦▪▫■□‣⁃–—*·○➢✓\\-';
export const MARKER = new RegExp(`^(?:[${BULLETS}]|\\(?(?:\\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})[.)])$`);

export const lineText = (line: Line) => line.words.map((w, i) => (i > 0 && w.spaceBefore ? ' ' : '') + w.text).join('');

export function makeLine(words: Word[]): Line {
  const size = Math.max(...words.map((w) => w.size));
  const baseline = words[0]!.baseline;
  return { words, x0: words[0]!.x0, x1: words.at(-1)!.x1, baseline, top: baseline - size * 0.8, bottom: baseline + size * 0.2, size };
}

export function pageLines(glyphs: Glyph[]): Line[] {
  const sorted = [...glyphs].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: Glyph[][] = [];
  for (const glyph of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.baseline - glyph.baseline) < 0.3 * Math.min(row[0]!.size, glyph.size)) row.push(glyph);
    else rows.push([glyph]);
  }
  return withMarkers(rows.flatMap((row) => (row.filter((g) => RIGHT_TO_LEFT.test(g.text)).length > row.length / 2 ? rightToLeft(row) : rowLines(row))));
}

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
const mirrored = <T extends { x0: number; x1: number }>(box: T): T => ({ ...box, x0: -box.x1, x1: -box.x0 });

/** A right-to-left row is read from its right: read it mirrored, then put the boxes back. */
function rightToLeft(row: Glyph[]): Line[] {
  return rowLines(row.map(mirrored)).map((line) => mirrored({ ...line, words: line.words.map(mirrored) }));
}

/** One row of glyphs, left to right, into words and lines. */
function rowLines(row: Glyph[]): Line[] {
  const lines: Line[] = [];
  row.sort((a, b) => a.x0 - b.x0);
  let words: Word[] = [];
  let word: Word | undefined;
  let last: Glyph | undefined;
  for (const glyph of row) {
    // The same glyph drawn twice in place (fake bold, shadows) is one glyph.
    if (last && last.text === glyph.text && Math.abs(last.x0 - glyph.x0) < glyph.size * 0.1) continue;
    const gap = last ? glyph.x0 - last.x1 : 0;
    if (last && gap > LINE_GAP * glyph.size) {
      lines.push(makeLine(words));
      words = [];
      word = undefined;
    }
    const space = word !== undefined && gap > SPACE_GAP * glyph.size;
    if (word && !space && sameStyle(word.style, glyph.style)) {
      word.text += glyph.text;
      word.x1 = Math.max(word.x1, glyph.x1);
    } else {
      word = { text: glyph.text, x0: glyph.x0, x1: glyph.x1, baseline: glyph.baseline, size: glyph.size, style: glyph.style, spaceBefore: words.length === 0 || space };
      words.push(word);
    }
    last = glyph;
  }
  if (words.length) lines.push(makeLine(words));
  return lines;
}


/** A marker alone on its line, with text after it on the same baseline, starts that text's line. */
function withMarkers(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous && previous.words.length === 1 && MARKER.test(previous.words[0]!.text) && Math.abs(previous.baseline - line.baseline) < 1 && !previous.marker) {
      out[out.length - 1] = { ...line, marker: previous.words[0]!.text, x0: previous.x0 };
      continue;
    }
    out.push(line);
  }
  return out;
}

/** Lines joined into runs of one style; a hyphen ending a line before a lower-case word is a break, not a dash. */
export function styledRuns(lines: Line[]): { text: string; style: TextStyle }[] {
  const runs: { text: string; style: TextStyle }[] = [];
  for (const [li, line] of lines.entries()) {
    for (const [wi, word] of line.words.entries()) {
      const last = runs.at(-1);
      let gap = wi === 0 ? (li === 0 ? '' : ' ') : word.spaceBefore ? ' ' : '';
      if (wi === 0 && last && /[a-z]-$/.test(last.text) && /^[a-z]/.test(word.text)) {
        last.text = last.text.slice(0, -1);
        gap = '';
      }
      if (last && sameStyle(last.style, word.style)) last.text += gap + word.text;
      else {
        if (last) last.text += gap;
        runs.push({ text: word.text, style: word.style });
      }
    }
  }
  return runs;
}
