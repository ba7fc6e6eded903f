import type { Rule } from './layout-analysis/page-content.ts';
import { makeLine, type Line, type Word } from './layout-analysis/lines.ts';

/**
 * Tables on a page. Ruled: a grid of drawn lines (rows between horizontal rules, columns between
 * vertical ones). Unruled: rows of two or more lines (cells) one under another, whose cells line up
 * in columns. Rows of long prose lines side by side are a page's text columns, not a table.
 */

export interface Table {
  ruled: boolean;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  /** Column edges, left to right: one more than the columns. */
  edges: number[];
  /** rows x columns x the cell's lines. */
  cells: Line[][][];
}

/** Rows of side-by-side lines that line up in columns: a table, or a page's text columns (`prose`). */
export interface AlignedRun {
  rows: Line[][];
  columns: { x0: number; x1: number }[];
  prose: boolean;
}

const TOLERANCE = 2;
/** Points: a single row of a ruled grid taller than this is a frame. */
const FRAME_HEIGHT = 150;

function cluster(values: number[]): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((a, b) => a - b)) if (out.length === 0 || v - out.at(-1)! > TOLERANCE) out.push(v);
  return out;
}

/** Grids of drawn rules, with the lines inside them put in their cells. */
export function ruledTables(lines: Line[], rules: Rule[]): { tables: Table[]; rest: Line[] } {
  const parent = rules.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const horizontal = (r: Rule) => r.y0 === r.y1;
  for (let i = 0; i < rules.length; i++) {
    for (let j = i + 1; j < rules.length; j++) {
      const [a, b] = [rules[i]!, rules[j]!];
      if (horizontal(a) === horizontal(b)) continue;
      const [h, v] = horizontal(a) ? [a, b] : [b, a];
      if (v.x0 >= h.x0 - TOLERANCE && v.x0 <= h.x1 + TOLERANCE && h.y0 >= v.y0 - TOLERANCE && h.y0 <= v.y1 + TOLERANCE) parent[root(i)] = root(j);
    }
  }
  const groups = new Map<number, Rule[]>();
  for (const [i, rule] of rules.entries()) groups.set(root(i), [...(groups.get(root(i)) ?? []), rule]);
  const tables: Table[] = [];
  let rest = lines;
  for (const group of groups.values()) {
    const ys = cluster(group.filter(horizontal).map((r) => r.y0));
    const edges = cluster(group.filter((r) => !horizontal(r)).map((r) => r.x0));
    if (ys.length < 2 || edges.length < 3) continue;
    const [x0, x1, top, bottom] = [edges[0]!, edges.at(-1)!, ys[0]!, ys.at(-1)!];
    // One tall row is a frame around text (a page border with a rule between its columns), not a table.
    if (ys.length === 2 && bottom - top > FRAME_HEIGHT) continue;
    const inside = (l: Line) => l.x0 >= x0 - TOLERANCE && l.x1 <= x1 + TOLERANCE && l.baseline > top && l.baseline < bottom;
    const words: Word[][][] = ys.slice(1).map(() => edges.slice(1).map(() => []));
    for (const line of rest.filter(inside)) {
      const r = ys.findIndex((y) => y > line.baseline) - 1;
      for (const word of line.words) {
        const centre = (word.x0 + word.x1) / 2;
        const c = Math.max(0, edges.findIndex((x) => x > centre) - 1);
        words[r]?.[Math.min(c, edges.length - 2)]?.push(word);
      }
    }
    rest = rest.filter((l) => !inside(l));
    tables.push({ ruled: true, x0, x1, top, bottom, edges, cells: words.map((row) => row.map(cellLines)) });
  }
  return { tables, rest };
}

/** A cell's words back into lines, top to bottom. */
function cellLines(words: Word[]): Line[] {
  const rows: Word[][] = [];
  for (const word of [...words].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0)) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.baseline - word.baseline) < word.size * 0.3) row.push(word);
    else rows.push([word]);
  }
  return rows.map((row) => makeLine(row.map((w, i) => (i === 0 ? { ...w, spaceBefore: true } : w))));
}

/** Lines on one baseline, left to right; rows top to bottom. */
export function rowsOf(lines: Line[]): Line[][] {
  const rows: Line[][] = [];
  for (const line of [...lines].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0)) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.baseline - line.baseline) < line.size * 0.3) row.push(line);
    else rows.push([line]);
  }
  return rows;
}

/** Runs of two or more consecutive rows of two or more lines each, whose lines line up in columns. */
export function alignedRuns(lines: Line[]): AlignedRun[] {
  const runs: AlignedRun[] = [];
  let current: Line[][] = [];
  const close = () => {
    const run = current.length >= 2 ? asRun(current) : undefined;
    if (run) runs.push(run);
    current = [];
  };
  for (const row of rowsOf(lines)) {
    const previous = current.at(-1);
    if (row.length >= 2 && (!previous || row[0]!.baseline - previous[0]!.baseline <= 2.5 * row[0]!.size)) current.push(row);
    else {
      close();
      if (row.length >= 2) current.push(row);
    }
  }
  close();
  return runs;
}

function asRun(rows: Line[][]): AlignedRun | undefined {
  const columns: { x0: number; x1: number }[] = [];
  for (const line of rows.flat().sort((a, b) => a.x0 - b.x0)) {
    const last = columns.at(-1);
    if (last && line.x0 <= last.x1 + TOLERANCE) last.x1 = Math.max(last.x1, line.x1);
    else columns.push({ x0: line.x0, x1: line.x1 });
  }
  if (columns.length < 2) return undefined;
  const all = rows.flat();
  // Text columns: most lines are long runs of words.
  const prose = all.filter((l) => l.words.length >= 5).length >= all.length * 0.6;
  return { rows, columns, prose };
}

/** An unruled table from an aligned run: each line in the cell of its column. */
export function runTable(run: AlignedRun): Table {
  const { rows, columns } = run;
  const edges = [columns[0]!.x0 - TOLERANCE, ...columns.slice(1).map((c, i) => (columns[i]!.x1 + c.x0) / 2), columns.at(-1)!.x1 + TOLERANCE];
  const cells = rows.map((row) => {
    const cellsOfRow: Line[][] = columns.map(() => []);
    for (const line of row) cellsOfRow[columns.findIndex((c) => line.x0 >= c.x0 - TOLERANCE && line.x0 <= c.x1)]?.push(line);
    return cellsOfRow;
  });
  const all = rows.flat();
  return { ruled: false, x0: edges[0]!, x1: edges.at(-1)!, top: Math.min(...all.map((l) => l.top)), bottom: Math.max(...all.map((l) => l.bottom)), edges, cells };
}

/**
 * Cell text as a number where it plainly is one, in en-AU forms: "1,234.56", "$1,234.56", "12.5%",
 * "-7", "(340.00)" (negative). The format keeps how it looked (thousands, decimals, $, %, brackets).
 */
export function cellValue(text: string): { value: string | number; format?: string } {
  const trimmed = text.trim();
  const bracketed = /^\(.*\)$/.test(trimmed);
  let core = bracketed ? trimmed.slice(1, -1).trim() : trimmed;
  const minus = /^-/.test(core);
  core = core.replace(/^-/, '');
  const currency = /^\$/.test(core);
  core = core.replace(/^\$\s*/, '').replace(/^-/, '');
  const percent = /%$/.test(core);
  core = core.replace(/\s*%$/, '');
  if (!/^\d{1,3}(,\d{3})+(\.\d+)?$|^\d+(\.\d+)?$/.test(core)) return { value: text };
  const number = Number(core.replaceAll(',', '')) * (bracketed || minus ? -1 : 1);
  const value = percent ? number / 100 : number;
  const decimals = core.split('.')[1]?.length ?? 0;
  let format = `${core.includes(',') ? '#,##0' : '0'}${decimals ? `.${'0'.repeat(decimals)}` : ''}`;
  if (!currency && !percent && !bracketed && format === '0') return { value };
  if (currency) format = `"$"${format}`;
  if (percent) format += '%';
  return { value, format: bracketed ? `${format};(${format})` : format };
}
