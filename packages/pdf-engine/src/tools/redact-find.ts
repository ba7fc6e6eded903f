import { Worker } from 'node:worker_threads';
import type { RedactionMatch, RedactionPreset, RedactOptions } from '@wattle/shared';
import { EngineError } from '../errors.ts';
import type { LayoutLine, LayoutPage, LayoutWord } from '../pdf/layout.ts';
import { PRESET_FINDERS } from './redact-presets.ts';
import { phraseRegex, readerText, sourceRange } from './redact-reader-text.ts';

/**
 * Finding what to redact: the options' texts, patterns and presets run over each page's text (its
 * words and lines joined by spaces, blocks by line breaks) and over the document's other strings
 * (metadata, bookmarks, annotations, form values), each read as a reader reads it
 * (redact-reader-text.ts). A match on a page becomes boxes around the characters it covers, in
 * points from the bottom-left of the page as shown.
 */

export interface Found {
  /** Which of the searched texts. */
  index: number;
  start: number;
  end: number;
  source: RedactionMatch['source'];
  preset?: RedactionPreset;
}

/** More matches than this in one document is not a redaction but a rewrite: refused. */
export const MAX_MATCHES = 10_000;
/** User patterns run in a worker that is stopped after this long. */
const PATTERN_TIME_MS = 10_000;

/** Start and end are in the source texts given, whatever reading them took. */
export async function findAll(sources: readonly string[], options: RedactOptions): Promise<Found[]> {
  const read = sources.map(readerText);
  const texts = read.map((r) => r.text);
  const found: Found[] = [];
  const add = (item: Found) => {
    if (found.length >= MAX_MATCHES) throw new EngineError('LIMIT_EXCEEDED', 'There are too many matches to redact in one go.', { limit: 'matches', max: MAX_MATCHES });
    const [start, end] = sourceRange(read[item.index]!, item.start, item.end);
    found.push({ ...item, start, end });
  };
  for (const phrase of options.text ?? []) {
    const regex = phraseRegex(phrase);
    for (const [index, text] of texts.entries()) for (const m of text.matchAll(regex)) add({ index, start: m.index, end: m.index + m[0].length, source: 'text' });
  }
  for (const finder of PRESET_FINDERS.filter((f) => options.presets?.includes(f.preset))) {
    for (const [index, text] of texts.entries()) {
      for (const m of text.matchAll(finder.regex)) {
        if (!finder.valid || finder.valid(m[0])) add({ index, start: m.index, end: m.index + m[0].length, source: 'preset', preset: finder.preset });
      }
    }
  }
  if (options.patterns?.length) for (const [index, start, end] of await runPatterns(options.patterns, texts)) add({ index, start, end, source: 'pattern' });
  return dedupe(found);
}

/** The same stretch found twice (a number that is both a TFN and an ACN) is listed once. */
function dedupe(found: Found[]): Found[] {
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.index}:${f.start}:${f.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Runs in a worker so a pattern that backtracks for ever is stopped; CommonJS, as eval workers are. */
const PATTERN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const out = [];
for (const source of workerData.sources) {
  const regex = new RegExp(source, 'gu');
  workerData.texts.forEach((text, index) => {
    for (const m of text.matchAll(regex)) {
      if (m[0].length > 0 && out.length <= workerData.max) out.push([index, m.index, m.index + m[0].length]);
    }
  });
}
parentPort.postMessage(out);
`;

function runPatterns(sources: readonly string[], texts: readonly string[]): Promise<[number, number, number][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PATTERN_WORKER, { eval: true, workerData: { sources, texts, max: MAX_MATCHES }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new EngineError('LIMIT_EXCEEDED', 'A pattern took too long to search this document. Make it simpler.', { limit: 'patternTime', field: 'patterns' }));
    }, PATTERN_TIME_MS);
    worker.once('message', (out: [number, number, number][]) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(out);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(new EngineError('LIMIT_EXCEEDED', 'A pattern could not be searched in this document.', { limit: 'patternMemory', field: 'patterns' }, { cause: error }));
    });
  });
}

/** A page's text with, for each word, where it sits in the text. */
export interface PageText {
  text: string;
  width: number;
  height: number;
  words: { start: number; end: number; word: LayoutWord }[];
}

/**
 * pdftotext gives each word in the page as shown (turned by /Rotate), but the page's own width and
 * height unturned: `shown` is the page as shown (pdf/geometry.ts displayBox), which boxes are measured in.
 */
export function pageText(page: LayoutPage, shown: { width: number; height: number }): PageText {
  let text = '';
  const words: PageText['words'] = [];
  for (const block of linesApart(page).blocks) {
    if (text) text += '\n';
    for (const [l, line] of block.lines.entries()) {
      // Lines part by a space (a number wrapped at a line end is still one number), but a line ending in a hyphen by its line break: the reader joins the word.
      if (l > 0) text += /[-\u2010\u00ad]$/.test(text) ? '\n' : ' ';
      for (const [w, word] of line.words.entries()) {
        if (w > 0) text += ' ';
        words.push({ start: text.length, end: text.length + word.text.length, word });
        text += word.text;
      }
    }
  }
  return { text, width: shown.width, height: shown.height, words };
}

export type RedactionBox = RedactionMatch['boxes'][number];

/** A little more than the glyphs: ascenders, descenders and anti-aliasing stay inside the box. */
const PAD = 1;
/** How many lines below a line are looked at for overlap: enough for any real page, bounded for a hostile one. */
const OVERLAP_LOOKAHEAD = 50;

/**
 * Lines whose boxes reach into each other are cut apart halfway through the overlap (less the pad),
 * their words with them. pdftotext boxes Type 3 words by the font's bounding box (Ghostscript's
 * bitmap fonts: 0.48 em below the baseline), which in a tight paragraph reaches the line below: its box
 * would blacken and cut the glyphs there. Lines side by side, or one over another (a watermark), are left.
 */
function linesApart(page: LayoutPage): LayoutPage {
  const lines = page.blocks.flatMap((b) => b.lines);
  const cut = new Map<LayoutLine, { yMin: number; yMax: number }>(lines.map((l) => [l, { yMin: l.yMin, yMax: l.yMax }]));
  const byTop = [...lines].sort((a, b) => a.yMin - b.yMin);
  for (const [i, upper] of byTop.entries()) {
    for (const lower of byTop.slice(i + 1, i + 1 + OVERLAP_LOOKAHEAD)) {
      if (lower.yMin >= upper.yMax) break;
      const sideBySide = lower.xMin >= upper.xMax || upper.xMin >= lower.xMax;
      const stacked = (lower.yMin + lower.yMax) / 2 - (upper.yMin + upper.yMax) / 2 > 0.3 * Math.min(upper.yMax - upper.yMin, lower.yMax - lower.yMin);
      if (sideBySide || !stacked) continue;
      const middle = (lower.yMin + upper.yMax) / 2;
      cut.get(upper)!.yMax = Math.min(cut.get(upper)!.yMax, middle - PAD);
      cut.get(lower)!.yMin = Math.max(cut.get(lower)!.yMin, middle + PAD);
    }
  }
  return {
    ...page,
    blocks: page.blocks.map((block) => ({
      ...block,
      lines: block.lines.map((line) => {
        const { yMin, yMax } = cut.get(line)!;
        return { ...line, yMin, yMax, words: line.words.map((w) => ({ ...w, yMin: Math.max(w.yMin, yMin), yMax: Math.min(w.yMax, yMax) })) };
      }),
    })),
  };
}

/** Boxes around the characters start..end cover: a part of a word gets its share of the word's width. */
export function boxesFor(page: PageText, start: number, end: number): RedactionBox[] {
  const boxes: RedactionBox[] = [];
  for (const { start: ws, end: we, word } of page.words) {
    if (we <= start || ws >= end) continue;
    const chars = Math.max(1, we - ws);
    // Text running up or down the page (which way is not known): the whole word goes.
    const upright = word.xMax - word.xMin >= word.yMax - word.yMin;
    const from = upright ? (Math.max(start, ws) - ws) / chars : 0;
    const to = upright ? (Math.min(end, we) - ws) / chars : 1;
    const width = word.xMax - word.xMin;
    const x = Math.max(0, word.xMin + width * from - PAD);
    const y = Math.max(0, page.height - word.yMax - PAD);
    boxes.push({ x, y, width: Math.max(1, width * (to - from) + 2 * PAD), height: Math.max(1, word.yMax - word.yMin + 2 * PAD) });
  }
  return boxes;
}
