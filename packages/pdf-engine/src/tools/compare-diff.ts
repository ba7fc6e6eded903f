import { readFile, rm } from 'node:fs/promises';
import sharp from 'sharp';
import type { ToolContext } from '../context.ts';
import { renderPageFile } from '../pdf/render.ts';
import { parsePnm } from '../util/ppm.ts';
import { boxesFor, type PageText, type RedactionBox } from './redact-find.ts';

/**
 * What changed between two versions of a page: the words (diffed with jsdiff, each change with its
 * boxes on both versions), and, where the words are the same, the pixels (both rendered small, in
 * grey, compared cell by cell). Boxes are points from the bottom-left of the page as shown.
 */

export type Box = RedactionBox;

export interface TextChange {
  type: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
  boxesBefore: Box[];
  boxesAfter: Box[];
}

export interface PageComparison {
  page: number;
  status: 'same' | 'text' | 'turned' | 'visual' | 'added' | 'removed';
  /** Degrees clockwise the second file's page is turned from the first's (its /Rotate), when they differ. */
  turned?: number;
  changes: TextChange[];
  /** Areas that look different on pages with the same words. */
  visual: Box[];
}

export async function diffWords(before: PageText, after: PageText): Promise<TextChange[]> {
  const { diffArrays } = await import('diff');
  const changes: TextChange[] = [];
  let ia = 0;
  let ib = 0;
  let pending: TextChange | undefined;
  const span = (page: PageText, from: number, count: number) => {
    const words = page.words.slice(from, from + count);
    return { text: words.map((w) => w.word.text).join(' '), boxes: words.flatMap((w) => boxesFor(page, w.start, w.end)) };
  };
  const flush = () => {
    if (pending) changes.push(pending);
    pending = undefined;
  };
  for (const part of diffArrays(before.words.map((w) => w.word.text), after.words.map((w) => w.word.text))) {
    const count = part.count ?? part.value.length;
    if (part.removed) {
      flush();
      const s = span(before, ia, count);
      pending = { type: 'removed', before: s.text, boxesBefore: s.boxes, boxesAfter: [] };
      ia += count;
    } else if (part.added) {
      const s = span(after, ib, count);
      if (pending?.type === 'removed') pending = { ...pending, type: 'changed', after: s.text, boxesAfter: s.boxes };
      else {
        flush();
        pending = { type: 'added', after: s.text, boxesBefore: [], boxesAfter: s.boxes };
      }
      ib += count;
      flush();
    } else {
      flush();
      ia += count;
      ib += count;
    }
  }
  flush();
  return changes;
}

/** Rendering resolution for the pixel comparison: enough to see a changed picture, cheap to render. */
const DPI = 50;
const CELL = 6;
/** Grey levels apart before a pixel counts as different (anti-aliasing differs between renderings). */
const THRESHOLD = 48;
const MAX_AREAS = 50;

export async function visualDifferences(ctx: ToolContext, before: string, after: string, page: number, size: { width: number; height: number }): Promise<Box[]> {
  const render = async (path: string) => {
    const file = await renderPageFile(ctx, path, page, DPI, 'gray');
    try {
      return parsePnm(await readFile(file));
    } finally {
      await rm(file, { force: true });
    }
  };
  const a = await render(before);
  const rawB = await render(after);
  const b =
    rawB.width === a.width && rawB.height === a.height
      ? rawB.data
      : await sharp(rawB.data, { raw: { width: rawB.width, height: rawB.height, channels: 1 } }).resize(a.width, a.height, { fit: 'fill' }).raw().toBuffer();
  const cols = Math.ceil(a.width / CELL);
  const rows = Math.ceil(a.height / CELL);
  const marked = new Uint8Array(cols * rows);
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = y * a.width + x;
      if (Math.abs(a.data[i]! - b[i]!) > THRESHOLD) marked[Math.floor(y / CELL) * cols + Math.floor(x / CELL)] = 1;
    }
  }
  // Joined cells (8 neighbours) make one area; its bounding box is reported.
  const areas: Box[] = [];
  const scaleX = size.width / a.width;
  const scaleY = size.height / a.height;
  for (let start = 0; start < marked.length && areas.length < MAX_AREAS; start++) {
    if (marked[start] !== 1) continue;
    let [x0, y0, x1, y1] = [cols, rows, 0, 0];
    const stack = [start];
    marked[start] = 2;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const cx = cell % cols;
      const cy = Math.floor(cell / cols);
      [x0, y0, x1, y1] = [Math.min(x0, cx), Math.min(y0, cy), Math.max(x1, cx), Math.max(y1, cy)];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          const n = ny * cols + nx;
          if (nx >= 0 && ny >= 0 && nx < cols && ny < rows && marked[n] === 1) {
            marked[n] = 2;
            stack.push(n);
          }
        }
      }
    }
    const width = Math.min(a.width, (x1 + 1) * CELL) - x0 * CELL;
    const height = Math.min(a.height, (y1 + 1) * CELL) - y0 * CELL;
    areas.push({ x: x0 * CELL * scaleX, y: size.height - (y0 * CELL + height) * scaleY, width: width * scaleX, height: height * scaleY });
  }
  return areas;
}
