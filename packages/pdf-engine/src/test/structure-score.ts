import { readZipText } from '../detect/zip.ts';
import { decodeEntities } from '../pdf/layout.ts';
import { BODY_SIZE, HEADING_SIZES, STRUCTURE, VARIANTS, type StructureBlock } from './structure-set.ts';

/**
 * Scores a DOCX made from the structure set's PDF, per feature, 0 to 1, by reading word/document.xml
 * back (paragraphs, their styles, numbering, runs, tables, drawings, page breaks) against STRUCTURE.
 */

export const FEATURES = ['reading order', 'paragraphs', 'headings', 'lists', 'ruled table', 'unruled table', 'image', 'bold/italic/colour', 'fonts and sizes', 'page breaks', 'columns'] as const;
export type Feature = (typeof FEATURES)[number];
export type Score = Record<Feature, number>;

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  colour?: string;
  size?: number;
  font?: string;
}
interface Para {
  text: string;
  style?: string;
  numId?: string;
  runs: Run[];
  drawings: { width: number; height: number }[];
  /** A page break comes before this paragraph's text (a break run before it, pageBreakBefore, or a new section). */
  breakBefore: boolean;
}
interface Tbl {
  rows: string[][];
}

const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
const attr = (xml: string, tag: string, name = 'w:val') => xml.match(new RegExp(`<${tag}\\b[^>]*?${name}="([^"]*)"`))?.[1];
const on = (props: string, tag: string) => new RegExp(`<${tag}(/>| w:val="(true|1|on)"/>)`).test(props);
const EMU_PER_POINT = 12700;

function parseRuns(xml: string, startsBroken: boolean): { runs: Run[]; breakBefore: boolean; drawings: Para['drawings'] } {
  const runs: Run[] = [];
  const drawings: Para['drawings'] = [];
  let breakBefore = startsBroken;
  for (const [r] of xml.matchAll(/<w:r[ >][\s\S]*?<\/w:r>/g)) {
    const props = r.match(/<w:rPr>([\s\S]*?)<\/w:rPr>/)?.[1] ?? '';
    const text = decodeEntities([...r.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)].map((t) => t[1] ?? '\t').join(''));
    if (/<w:br [^>]*w:type="page"/.test(r) && !runs.some((x) => x.text.trim())) breakBefore = true;
    for (const [, cx, cy] of r.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"/g)) drawings.push({ width: Number(cx) / EMU_PER_POINT, height: Number(cy) / EMU_PER_POINT });
    const size = attr(props, 'w:sz');
    runs.push({ text, bold: on(props, 'w:b'), italic: on(props, 'w:i'), colour: attr(props, 'w:color')?.toUpperCase(), size: size ? Number(size) / 2 : undefined, font: attr(props, 'w:rFonts', 'w:ascii') });
  }
  return { runs, breakBefore, drawings };
}

function parseBody(xml: string): { paras: Para[]; tables: Tbl[] } {
  const paras: Para[] = [];
  const tables: Tbl[] = [];
  const body = xml.slice(xml.indexOf('<w:body>'));
  let pendingBreak = false;
  // Whether each section starts a new page: its sectPr (which ends it) says how it starts.
  const newPage = [...body.matchAll(/<w:sectPr[\s\S]*?<\/w:sectPr>/g)].map(([s]) => attr(s, 'w:type') !== 'continuous');
  let section = 0;
  for (const [whole] of body.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>|<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g)) {
    if (whole.startsWith('<w:tbl>')) {
      const rows = [...whole.matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map(([row]) =>
        [...row.matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map(([cell]) => norm(parseRuns(cell, false).runs.map((r) => r.text).join(' '))),
      );
      tables.push({ rows });
      continue;
    }
    const pPr = whole.match(/<w:pPr>([\s\S]*?)<\/w:pPr>/)?.[1] ?? '';
    const { runs, breakBefore, drawings } = parseRuns(whole.replace(/<w:pPr>[\s\S]*?<\/w:pPr>/, ''), pendingBreak || /<w:pageBreakBefore(\/>| w:val="(true|1|on)")/.test(pPr));
    const text = norm(runs.map((r) => r.text).join(''));
    // A paragraph that only breaks the page hands the break to the next one; so does a section's end.
    const onlyBreak = !text && drawings.length === 0 && (breakBefore || /<w:br [^>]*w:type="page"/.test(whole));
    pendingBreak = onlyBreak || (/<w:sectPr/.test(pPr) && newPage[++section] !== false);
    if (onlyBreak) continue;
    paras.push({ text, style: attr(pPr, 'w:pStyle'), numId: attr(pPr, 'w:numId'), runs: runs.filter((r) => r.text), drawings, breakBefore });
  }
  return { paras, tables };
}

/** numId -> 'bullet' | 'number', from word/numbering.xml. */
function listKinds(numbering: string): Map<string, 'bullet' | 'number'> {
  const abstract = new Map<string, 'bullet' | 'number'>();
  for (const [, id, body] of numbering.matchAll(/<w:abstractNum [^>]*w:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)) {
    abstract.set(id!, attr(body!, 'w:numFmt') === 'bullet' ? 'bullet' : 'number');
  }
  const kinds = new Map<string, 'bullet' | 'number'>();
  for (const [, id, body] of numbering.matchAll(/<w:num [^>]*w:numId="(\d+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
    const kind = abstract.get(attr(body!, 'w:abstractNumId') ?? '');
    if (kind) kinds.set(id!, kind);
  }
  return kinds;
}

/** Length of the longest increasing run of found positions (not necessarily adjacent): items in order. */
function inOrder(positions: number[]): number {
  const tails: number[] = [];
  for (const p of positions) {
    if (p < 0) continue;
    let i = tails.findIndex((t) => t >= p);
    if (i < 0) i = tails.length;
    tails[i] = p;
  }
  return tails.length;
}

const fraction = (hits: number, total: number) => (total === 0 ? 1 : Math.round((hits / total) * 100) / 100);
const paragraphText = (block: Extract<StructureBlock, { kind: 'paragraph' }>) => norm(block.runs.map((r) => r.text).join(''));
const withoutMarker = (text: string) => text.replace(/^(?:[•●◦▪‣–\-*·]|\d+[.)])\s*/, '');

export function scoreWordXml(document: string, numbering = '', font = VARIANTS[0]!.font): Score {
  const { paras, tables } = parseBody(document);
  const kinds = listKinds(numbering);
  const find = (text: string) => paras.findIndex((p) => p.text.includes(norm(text).slice(0, 40)));
  const exact = (text: string) => paras.findIndex((p) => withoutMarker(p.text) === norm(text));

  const texts: string[] = [];
  const own: string[] = [];
  const score: Partial<Score> = {};
  let headings = 0;
  let headingCount = 0;
  let listHits = 0;
  let listCount = 0;
  let styled = 0;
  let styledCount = 0;
  const fontChecks: { text: string; size: number }[] = [];
  const breaksBefore: string[] = [];
  let afterBreak = false;
  for (const [i, block] of STRUCTURE.entries()) {
    const first = (text: string) => {
      if (afterBreak) breaksBefore.push(text);
      afterBreak = false;
    };
    if (block.kind === 'heading') {
      texts.push(block.text);
      own.push(block.text);
      first(block.text);
      fontChecks.push({ text: block.text, size: HEADING_SIZES[block.level] });
      headingCount++;
      const p = paras[exact(block.text)];
      if (p && (p.style === `Heading${block.level}` || (block.level === 1 && p.style === 'Title'))) headings++;
    } else if (block.kind === 'paragraph') {
      const text = paragraphText(block);
      texts.push(text);
      own.push(text);
      first(text);
      fontChecks.push({ text, size: BODY_SIZE });
      for (const run of block.runs.filter((r) => r.bold || r.italic || r.colour)) {
        styledCount++;
        const p = paras[find(text)];
        const covering = p?.runs.filter((r) => run.text.includes(r.text.trim()) && r.text.trim());
        const joined = norm(covering?.map((r) => r.text).join('') ?? '');
        const good = covering?.every((r) => (!run.bold || r.bold) && (!run.italic || r.italic) && (!run.colour || r.colour === run.colour));
        if (joined === norm(run.text) && good) styled++;
      }
    } else if (block.kind === 'list') {
      for (const item of block.items) {
        texts.push(item);
        own.push(item);
        first(item);
        listCount++;
        const p = paras[exact(item)];
        if (p?.numId && kinds.get(p.numId) === (block.ordered ? 'number' : 'bullet')) listHits++;
      }
    } else if (block.kind === 'table') {
      const best = Math.max(0, ...tables.map((t) => block.rows.flat().filter((cell, k) => t.rows[Math.floor(k / block.rows[0]!.length)]?.[k % block.rows[0]!.length] === cell).length));
      score[block.ruled ? 'ruled table' : 'unruled table'] = fraction(best, block.rows.flat().length);
    } else if (block.kind === 'image') {
      // Found (half), its size within 10% (a quarter), between the paragraphs around it (a quarter).
      const at = paras.findIndex((p) => p.drawings.length > 0);
      const drawing = paras[at]?.drawings[0];
      const before = STRUCTURE[i - 1]?.kind === 'paragraph' ? find(paragraphText(STRUCTURE[i - 1] as never)) : -1;
      const after = STRUCTURE[i + 1]?.kind === 'paragraph' ? find(paragraphText(STRUCTURE[i + 1] as never)) : -1;
      score.image = !drawing
        ? 0
        : 0.5 +
          (Math.abs(drawing.width / block.width - 1) < 0.1 && Math.abs(drawing.height / block.height - 1) < 0.1 ? 0.25 : 0) +
          (before >= 0 && before <= at && at <= after ? 0.25 : 0);
    } else if (block.kind === 'page-break') afterBreak = true;
    else {
      const column = [...block.left, ...block.right];
      texts.push(...column);
      own.push(...column);
      first(column[0]!);
      for (const text of column) fontChecks.push({ text, size: BODY_SIZE });
      const positions = column.map(exact);
      score.columns = fraction(inOrder(positions), column.length);
    }
  }
  score['reading order'] = fraction(inOrder(texts.map(find)), texts.length);
  score.paragraphs = fraction(own.filter((t) => exact(t) >= 0).length, own.length);
  score.headings = fraction(headings, headingCount);
  score.lists = fraction(listHits, listCount);
  score['bold/italic/colour'] = fraction(styled, styledCount);
  score['fonts and sizes'] = fraction(
    fontChecks.filter(({ text, size }) => {
      const run = paras[find(text)]?.runs.find((r) => r.text.trim());
      return run?.font === font && run.size !== undefined && Math.abs(run.size - size) <= 0.5;
    }).length,
    fontChecks.length,
  );
  // Each expected break found before its page's first paragraph; a break anywhere else costs one.
  const found = breaksBefore.filter((text) => paras[find(text)]?.breakBefore).length;
  const total = paras.filter((p) => p.breakBefore).length;
  score['page breaks'] = fraction(found, Math.max(breaksBefore.length, total));
  return Object.fromEntries(FEATURES.map((f) => [f, score[f] ?? 0])) as Score;
}

export async function scoreDocx(path: string, font?: string): Promise<Score> {
  const read = (name: string) => readZipText(path, name, 50_000_000, 1000);
  return scoreWordXml((await read('word/document.xml')) ?? '', (await read('word/numbering.xml')) ?? '', font);
}

/** Table cells found in a sheet's rows, numbers as numbers (a percentage as its fraction). */
export function scoreSheetRows(rows: unknown[][]): number {
  const cells = STRUCTURE.flatMap((b) => (b.kind === 'table' ? b.rows.slice(1).map((row) => row.map(expectedValue)) : []));
  const hits = cells.filter((row) => rows.some((r) => row.every((cell, c) => r.some((v, k) => k >= c && (typeof cell === 'number' ? typeof v === 'number' && Math.abs(v - cell) < 1e-9 : v === cell))))).length;
  return fraction(hits, cells.length);
}

function expectedValue(text: string): string | number {
  const negative = /^\(.*\)$/.test(text) ? -1 : 1;
  const digits = text.replace(/[()$,]/g, '');
  if (!/^-?\d+(\.\d+)?%?$/.test(digits)) return text;
  return (negative * Number(digits.replace('%', ''))) / (digits.endsWith('%') ? 100 : 1);
}

/** Expected texts found on the slides themselves (editable), not only in the notes. */
export function scoreSlideXml(slides: string): number {
  const text = norm(decodeEntities([...slides.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join(' ')));
  const wanted = STRUCTURE.flatMap((b) => (b.kind === 'heading' ? [b.text] : b.kind === 'list' ? b.items : b.kind === 'table' ? b.rows.flat() : []));
  return fraction(wanted.filter((w) => text.includes(w)).length, wanted.length);
}

/** The text of each paragraph of a DOCX's body in order, table cells' paragraphs included. */
export async function docxParagraphs(path: string): Promise<string[]> {
  const xml = (await readZipText(path, 'word/document.xml', 50_000_000, 1000)) ?? '';
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => norm(parseRuns(p, false).runs.map((r) => r.text).join(''))).filter(Boolean);
}
