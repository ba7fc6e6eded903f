import {
  beginText,
  endText,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  rotateAndSkewTextDegreesAndTranslate,
  setCharacterSpacing,
  setFillingColor,
  setFontAndSize,
  setGraphicsState,
  showText,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
} from '@cantoo/pdf-lib';
import bidiFactory from 'bidi-js';
import { embeddedFont, fontFace, layoutFeatures, parsedFont, type FontScript, type FontStyle } from './fonts.ts';

/**
 * One line of text in any script our users write, drawn as real, extractable PDF text: each run of
 * characters in the Noto font that covers it (subset-embedded once per document), Arabic shaped by
 * fontkit's OpenType layout, and right-to-left runs placed in visual order by the Unicode bidi algorithm.
 * The caller splits lines.
 */

export interface ScriptTextStyle extends FontStyle {
  /** Which Chinese forms to draw Han characters in; by default simplified, unless the text has characters only the traditional font has. */
  han?: 'simplified' | 'traditional';
}

export interface ScriptTextOptions extends ScriptTextStyle {
  x: number;
  y: number;
  size: number;
  /** Components 0–1; black by default. */
  color?: { r: number; g: number; b: number };
  opacity?: number;
  /** Anticlockwise about (x, y), the start of the baseline. */
  rotateDegrees?: number;
}

export interface ScriptTextMetrics {
  width: number;
  /** Above the baseline, in points. */
  ascent: number;
  /** Below the baseline, in points, as a positive number (the line's height is ascent + descent). */
  descent: number;
}

/** Faces without an italic (all but Noto Sans) are slanted by this much instead. */
const SYNTHETIC_ITALIC_DEGREES = 12;

const bidi = bidiFactory();

interface TextRun {
  text: string;
  script: FontScript;
  /** Advance along the baseline, in ems (multiply by size). */
  advance: number;
  /** Left to right, each glyph where fontkit's OpenType positioning puts it, in ems from the run's start. */
  /** `letters` are the characters the glyph stands for (none for a mark such as an Arabic dot). */
  glyphs: { x: number; y: number; letters: string; spacing: number; offset: boolean }[];
  /** Written in reading order from right to left, so text extractors read it as it is read. */
  rightToLeft: boolean;
  /** The run in reading order, when shaping wrote its glyphs in another (Gurmukhi's pre-base vowel sign). */
  actualText?: string;
}

export async function drawScriptText(doc: PDFDocument, page: PDFPage, text: string, options: ScriptTextOptions): Promise<void> {
  const runs = await visualRuns(text, options);
  const angle = ((options.rotateDegrees ?? 0) * Math.PI) / 180;
  const colour = options.color ? rgb(options.color.r, options.color.g, options.color.b) : rgb(0, 0, 0);
  let along = 0;
  for (const run of runs) {
    const font = await embeddedFont(doc, run.script, options);
    const slanted = Boolean(options.italic) && !fontFace(run.script, options).italic;
    const x = options.x + along * Math.cos(angle);
    const y = options.y + along * Math.sin(angle);
    page.pushOperators(...runOperators(doc, page, run, font, { ...options, x, y, colour, slant: slanted ? SYNTHETIC_ITALIC_DEGREES : 0 }));
    along += run.advance * options.size;
  }
}

/**
 * The content-stream operators of one run, each glyph placed where shaping puts it (Arabic dots and
 * Gurmukhi vowel signs are positioned marks). A right-to-left run is written in reading order, which is
 * how pdftotext and other extractors recognise right-to-left text; there each letter carries its own
 * ActualText, because Noto's Arabic fonts share one dotless glyph between several letters and a font's
 * ToUnicode map can name only one of them.
 */
function runOperators(
  doc: PDFDocument,
  page: PDFPage,
  run: TextRun,
  font: PDFFont,
  at: ScriptTextOptions & { colour: ReturnType<typeof rgb>; slant: number },
): PDFOperator[] {
  const glyphIds = subsetGlyphIds(font, run);
  const operators = [pushGraphicsState()];
  if (at.opacity !== undefined) {
    const state = doc.context.obj({ Type: 'ExtGState', ca: at.opacity, CA: at.opacity });
    operators.push(setGraphicsState(page.node.newExtGState('GS', state)));
  }
  if (run.actualText) operators.push(beginActualText(doc, run.actualText));
  operators.push(beginText(), setFillingColor(at.colour), setFontAndSize(page.node.newFontDictionary(font.name, font.ref), at.size));
  const rotation = at.rotateDegrees ?? 0;
  const rad = (rotation * Math.PI) / 180;
  const place = (i: number) => {
    const glyph = run.glyphs[i]!;
    const dx = glyph.x * at.size;
    const dy = glyph.y * at.size;
    operators.push(
      rotateAndSkewTextDegreesAndTranslate(rotation, at.slant, 0, at.x + dx * Math.cos(rad) - dy * Math.sin(rad), at.y + dx * Math.sin(rad) + dy * Math.cos(rad)),
      // Character spacing makes the glyph as wide as positioning made it, so extractors see no gap inside a word.
      setCharacterSpacing(glyph.spacing * at.size),
      showText(PDFHexString.of(glyphIds[i] ?? '0000')),
    );
  };
  if (!run.rightToLeft && !run.glyphs.some((glyph) => glyph.offset)) {
    // Nothing moved off the baseline: one TJ, with kerning as its offsets.
    operators.push(rotateAndSkewTextDegreesAndTranslate(rotation, at.slant, 0, at.x, at.y), setCharacterSpacing(0));
    const shown: (PDFHexString | number)[] = [];
    for (const [i, glyph] of run.glyphs.entries()) {
      shown.push(PDFHexString.of(glyphIds[i] ?? '0000'));
      const kerning = Math.round(glyph.spacing * 1_000_000) / 1000;
      if (kerning !== 0 && i < run.glyphs.length - 1) shown.push(-kerning);
    }
    if (shown.length > 0) operators.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [doc.context.obj(shown)]));
  } else if (!run.rightToLeft) {
    for (const i of run.glyphs.keys()) place(i);
  } else {
    // Letter by letter in reading order: a letter's marks (Arabic dots) first, then the letter in its own
    // ActualText span (pdftotext takes a span's extent from its first glyph to the end of its last).
    const letters: { glyph: number; marks: number[] }[] = [];
    for (let i = run.glyphs.length - 1; i >= 0; i--) {
      if (run.glyphs[i]!.letters === '' && letters.length > 0) letters.at(-1)!.marks.push(i);
      else letters.push({ glyph: i, marks: [] });
    }
    for (const { glyph, marks } of letters) {
      marks.forEach(place);
      const actual = run.glyphs[glyph]!.letters;
      if (actual) operators.push(beginActualText(doc, actual));
      place(glyph);
      if (actual) operators.push(endMarkedContent());
    }
  }
  operators.push(endText());
  if (run.actualText) operators.push(endMarkedContent());
  operators.push(popGraphicsState());
  return operators;
}

/** The run's glyph ids in the document's subset (encoding also adds them to the subset), worked out once per font. */
const encodedRuns = new WeakMap<PDFFont, WeakMap<TextRun, string[]>>();

function subsetGlyphIds(font: PDFFont, run: TextRun): string[] {
  let runs = encodedRuns.get(font);
  if (!runs) {
    runs = new WeakMap();
    encodedRuns.set(font, runs);
  }
  let ids = runs.get(run);
  if (!ids) {
    ids = font.encodeText(run.text).toString().slice(1, -1).match(/.{4}/g) ?? [];
    runs.set(run, ids);
  }
  return ids;
}

function beginActualText(doc: PDFDocument, text: string): PDFOperator {
  // An inline property list is valid in a content stream; pdf-lib's operand type just does not list dictionaries.
  const properties = doc.context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFName;
  return PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), properties]);
}

const endMarkedContent = () => PDFOperator.of(PDFOperatorNames.EndMarkedContent);

/** The width the text takes when drawn at this size, and the tallest ascent and deepest descent of the fonts it uses. */
export async function measureScriptText(_doc: PDFDocument, text: string, size: number, style: ScriptTextStyle = {}): Promise<ScriptTextMetrics> {
  const runs = await visualRuns(text, style);
  const scripts = runs.length > 0 ? [...new Set(runs.map((run) => run.script))] : (['latin'] as const);
  let ascent = 0;
  let descent = 0;
  for (const script of scripts) {
    const font = await parsedFont(script, style);
    ascent = Math.max(ascent, font.ascent / font.unitsPerEm);
    descent = Math.max(descent, -font.descent / font.unitsPerEm);
  }
  const width = runs.reduce((sum, run) => sum + run.advance, 0);
  return { width: width * size, ascent: ascent * size, descent: descent * size };
}

/** A watermark draws the same line up to 120 times a page: its runs are worked out once. */
const RECENT_LINES = 64;
const recentRuns = new Map<string, Promise<TextRun[]>>();

function visualRuns(line: string, style: ScriptTextStyle): Promise<TextRun[]> {
  const key = JSON.stringify([line, Boolean(style.bold), Boolean(style.italic), style.han ?? null]);
  let runs = recentRuns.get(key);
  if (!runs) {
    if (recentRuns.size >= RECENT_LINES) recentRuns.delete(recentRuns.keys().next().value!);
    runs = layOutRuns(line, style);
    recentRuns.set(key, runs);
  }
  return runs;
}

/** The text cut into runs of one font and one bidi level, in the order they are drawn left to right. */
async function layOutRuns(line: string, style: ScriptTextStyle): Promise<TextRun[]> {
  const text = line.normalize('NFC');
  if (text.length === 0) return [];
  const embedding = bidi.getEmbeddingLevels(text);
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const scripts = await fontScripts(text, style);

  const logical: { start: number; end: number; script: FontScript; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const level = embedding.levels[i]!;
    const script = scripts[i]!;
    const last = logical.at(-1);
    if (last && last.script === script && last.level === level) last.end = i + 1;
    else logical.push({ start: i, end: i + 1, script, level });
  }

  const visualPosition = new Map<number, number>();
  for (const [position, index] of bidi.getReorderedIndices(text, embedding).entries()) visualPosition.set(index, position);
  const firstDrawn = (run: (typeof logical)[number]) => {
    let first = Infinity;
    for (let i = run.start; i < run.end; i++) first = Math.min(first, visualPosition.get(i) ?? i);
    return first;
  };

  const runs: TextRun[] = [];
  for (const run of logical.sort((a, b) => firstDrawn(a) - firstDrawn(b))) {
    let logicalText = '';
    for (let i = run.start; i < run.end; i++) logicalText += mirrored.get(i) ?? text[i];
    let runText = logicalText;
    // fontkit lays out a run holding Arabic right to left itself; any other run that bidi puts in
    // the opposite direction (neutrals in Arabic text, Arabic-Indic digits) is turned here.
    const fontkitTurns = ARABIC.test(runText);
    if (fontkitTurns !== (run.level % 2 === 1)) runText = [...runText].reverse().join('');
    const font = await parsedFont(run.script, style);
    const shaped = font.layout(runText, layoutFeatures(run.script));
    const rightToLeft = run.level % 2 === 1;
    // fontkit keeps one glyph object per id, with the characters it was first made for, and Noto's Arabic
    // fonts draw several letters with one dotless glyph: so each glyph takes as many characters as it
    // stands for from the run's text, in the order the glyphs are written.
    const glyphLetters = lettersOfGlyphs(shaped.glyphs, [...logicalText], rightToLeft);
    const glyphs: TextRun['glyphs'] = [];
    let pen = 0;
    for (const [i, glyph] of shaped.glyphs.entries()) {
      const position = shaped.positions[i]!;
      glyphs.push({
        x: (pen + position.xOffset) / font.unitsPerEm,
        y: position.yOffset / font.unitsPerEm,
        letters: glyphLetters[i]!,
        spacing: (position.xAdvance - glyph.advanceWidth) / font.unitsPerEm,
        offset: position.xOffset !== 0 || position.yOffset !== 0,
      });
      pen += position.xAdvance;
    }
    const reading = text.slice(run.start, run.end);
    const written = (rightToLeft ? [...shaped.glyphs].reverse() : shaped.glyphs).flatMap((glyph) => glyph.codePoints);
    const readingOrder = [...reading].map((char) => char.codePointAt(0)!);
    // (Right-to-left runs carry ActualText letter by letter: pdftotext reverses a whole run's as if it were in visual order.)
    const reordered = !rightToLeft && (written.length !== readingOrder.length || written.some((codePoint, i) => codePoint !== readingOrder[i]));
    runs.push({ text: runText, script: run.script, advance: pen / font.unitsPerEm, glyphs, rightToLeft, actualText: reordered ? reading : undefined });
  }
  return runs;
}

/** The characters each glyph stands for, taken in turn from the text in the order the glyphs are written. */
function lettersOfGlyphs(glyphs: { codePoints: number[] }[], logicalChars: string[], rightToLeft: boolean): string[] {
  const letters = glyphs.map(() => '');
  const order = glyphs.map((_, i) => i);
  if (rightToLeft) order.reverse();
  let next = 0;
  let last = -1;
  for (const i of order) {
    const count = glyphs[i]!.codePoints.length;
    if (count === 0) continue;
    letters[i] = logicalChars.slice(next, next + count).join('');
    next += count;
    last = i;
  }
  if (last >= 0 && next < logicalChars.length) letters[last] += logicalChars.slice(next).join('');
  return letters;
}

const ARABIC = /\p{Script=Arabic}/u;
const GURMUKHI = /\p{Script=Gurmukhi}/u;
const HAN = /[\p{Script=Han}\p{Script=Bopomofo}]/u;
/** Spaces, punctuation, digits and combining marks: drawn in the font of the text around them when it has them. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** The font script of each UTF-16 unit of the text (both halves of a surrogate pair get the same). */
async function fontScripts(text: string, style: ScriptTextStyle): Promise<FontScript[]> {
  const han = await hanScript(text, style);
  const fallbacks: FontScript[] = ['latin', 'arabic', 'gurmukhi', han, han === 'simplified-han' ? 'traditional-han' : 'simplified-han'];
  const scripts: FontScript[] = [];
  let previous: FontScript | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const preferred: FontScript[] = [];
    if (previous && SHARED.test(char)) preferred.push(previous);
    if (ARABIC.test(char)) preferred.push('arabic');
    else if (GURMUKHI.test(char)) preferred.push('gurmukhi');
    else if (HAN.test(char)) preferred.push(han);
    let chosen: FontScript = 'latin';
    for (const script of [...preferred, ...fallbacks]) {
      if ((await parsedFont(script)).hasGlyphForCodePoint(codePoint)) {
        chosen = script;
        break;
      }
    }
    for (let unit = 0; unit < char.length; unit++) scripts.push(chosen);
    previous = chosen;
  }
  return scripts;
}

async function hanScript(text: string, style: ScriptTextStyle): Promise<FontScript> {
  if (style.han) return style.han === 'traditional' ? 'traditional-han' : 'simplified-han';
  const hanChars = [...text].filter((char) => HAN.test(char));
  if (hanChars.length === 0) return 'simplified-han';
  const simplified = await parsedFont('simplified-han');
  const traditional = await parsedFont('traditional-han');
  const onlyTraditional = hanChars.some((char) => {
    const codePoint = char.codePointAt(0)!;
    return !simplified.hasGlyphForCodePoint(codePoint) && traditional.hasGlyphForCodePoint(codePoint);
  });
  return onlyTraditional ? 'traditional-han' : 'simplified-han';
}
