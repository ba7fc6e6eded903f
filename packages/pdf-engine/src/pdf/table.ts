import { median, type LayoutPage, type LayoutWord } from './layout.ts';

/**
 * A page's words as a grid: rows are lines whose vertical centres agree, cells are runs of words
 * separated by a wide gap, columns are clusters of cell left edges across the whole page. Good for
 * the ruled and aligned tables of invoices and statements; free text lands in column A.
 */
export type Grid = string[][];

const MAX_COLUMNS = 60;

interface Cell {
  x: number;
  text: string;
}

export function pageToGrid(page: LayoutPage): Grid {
  const words = page.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
  if (words.length === 0) return [];
  const height = median(words.map((w) => w.yMax - w.yMin)) || 10;
  const rows = groupRows(words, height * 0.5).map((row) => splitCells(row, height * 0.9));
  const anchors = columnAnchors(rows.flat().map((c) => c.x), height);
  return rows.map((row) => {
    const cells: string[] = [];
    for (const cell of row) {
      const column = nearestAnchor(anchors, cell.x);
      cells[column] = cells[column] ? `${cells[column]} ${cell.text}` : cell.text;
    }
    return Array.from(cells, (c) => c ?? '');
  });
}

function groupRows(words: LayoutWord[], tolerance: number): LayoutWord[][] {
  const sorted = [...words].sort((a, b) => centre(a) - centre(b) || a.xMin - b.xMin);
  const rows: LayoutWord[][] = [];
  for (const word of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(centre(row[0]!) - centre(word)) <= tolerance) row.push(word);
    else rows.push([word]);
  }
  return rows.map((row) => row.sort((a, b) => a.xMin - b.xMin));
}

const centre = (w: LayoutWord) => (w.yMin + w.yMax) / 2;

function splitCells(row: LayoutWord[], gap: number): Cell[] {
  const cells: Cell[] = [];
  let previous: LayoutWord | undefined;
  for (const word of row) {
    const current = cells.at(-1);
    if (current && previous && word.xMin - previous.xMax < gap) current.text += ` ${word.text}`;
    else cells.push({ x: word.xMin, text: word.text });
    previous = word;
  }
  return cells;
}

/** Left edges closer than the tolerance share a column; at most MAX_COLUMNS columns. */
function columnAnchors(xs: number[], tolerance: number): number[] {
  const sorted = [...xs].sort((a, b) => a - b);
  let anchors: number[] = [];
  let group: number[] = [];
  for (const x of sorted) {
    if (group.length && x - group[group.length - 1]! > tolerance) {
      anchors.push(group[0]!);
      group = [];
    }
    group.push(x);
  }
  if (group.length) anchors.push(group[0]!);
  while (anchors.length > MAX_COLUMNS) anchors = anchors.filter((_, i) => i % 2 === 0);
  return anchors;
}

function nearestAnchor(anchors: number[], x: number): number {
  let best = 0;
  for (let i = 0; i < anchors.length; i++) if (anchors[i]! <= x + 1) best = i;
  return best;
}

/** Cell text as a number where it plainly is one ("1,234.50", "-7", "(12.00)"), else the text. */
export function cellValue(text: string): string | number {
  const trimmed = text.trim();
  const negative = /^\(.*\)$/.test(trimmed);
  const digits = trimmed.replace(/^\((.*)\)$/, '$1').replace(/^\$/, '');
  if (!/^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$/.test(digits)) return text;
  const value = Number(digits.replaceAll(',', ''));
  return negative ? -value : value;
}
