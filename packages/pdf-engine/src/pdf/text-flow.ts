import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { PDFString, rgb, type PDFDocument, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import type { Font } from 'fontkit';
import type { ToolContext } from '../context.ts';
import { EngineError } from '../errors.ts';
import { parseFont, registerFontkit } from './fonts.ts';
import { drawScriptText, measureScriptText } from './script-text.ts';

/**
 * Flowing text onto pages: word wrap, page breaks, styled spans, link annotations, shaded code boxes
 * and ruled tables. Text is drawn through script-text (every script in the bundled Noto fonts); code
 * in Noto Sans Mono where that font has the characters. Coordinates are points from the page's bottom.
 */

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  /** An http(s) or mailto address: drawn blue, with a URI link annotation over it. */
  link?: string;
  /** Ends the line here (a Markdown hard break). */
  lineBreak?: boolean;
}

type SpanStyle = Omit<Span, 'text'>;

export interface BlockStyle {
  size: number;
  /** From the left margin. */
  indent?: number;
  /** Added to every span. */
  bold?: boolean;
  colour?: Colour;
}

type Colour = { r: number; g: number; b: number };

const MARGIN = 56.69; // 2 cm
const LINE_SPACING = 1.45;
const LINK_BLUE: Colour = { r: 0.05, g: 0.33, b: 0.75 };
const CODE_SHADE = rgb(0.95, 0.95, 0.95);
const GRID = rgb(0.6, 0.6, 0.6);
const HEADER_SHADE = rgb(0.92, 0.92, 0.92);
const CELL_PADDING = 4;
/** Han, kana and Hangul break between any two characters; other scripts at spaces. */
const PIECES = /\s+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const RIGHT_TO_LEFT = /^[^\p{L}]*[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

interface Piece {
  text: string;
  span: Span;
  width: number;
  space: boolean;
}

type Line = Piece[];

const MONO_FONT = '@fontsource/noto-sans-mono/files/noto-sans-mono-latin-400-normal.woff';
const require = createRequire(import.meta.url);
let monoFile: Promise<{ bytes: Buffer; font: Font }> | undefined;

function monoFontFile() {
  monoFile ??= readFile(require.resolve(MONO_FONT)).then(async (bytes) => ({ bytes, font: await parseFont(bytes) }));
  return monoFile;
}

/**
 * Only web and mail addresses become links: never javascript:, file: or launch targets. The address is
 * normalised by the URL parser (non-ASCII and spaces percent-encoded), so what is written is plain ASCII.
 */
export function safeLink(href: string): string | undefined {
  try {
    const url = new URL(href.trim());
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export class TextFlow {
  private page!: PDFPage;
  /** The baseline of the next line is below this. */
  private y = 0;
  private mono?: Promise<PDFFont>;
  private readonly widths = new Map<string, number>();
  private readonly ctx: ToolContext;
  private readonly doc: PDFDocument;
  private readonly size: [number, number];

  // Fields, not parameter properties: the tool thread loads this with Node's own type stripping.
  constructor(ctx: ToolContext, doc: PDFDocument, size: [number, number]) {
    this.ctx = ctx;
    this.doc = doc;
    this.size = size;
    this.newPage();
  }

  get pageCount(): number {
    return this.doc.getPageCount();
  }

  private get right(): number {
    return this.size[0] - MARGIN;
  }

  newPage(): void {
    if (this.doc.getPageCount() >= this.ctx.limits.maxPages) {
      throw new EngineError('LIMIT_EXCEEDED', 'The result would have too many pages.', { limit: 'maxPages', pages: this.ctx.limits.maxPages });
    }
    this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - MARGIN;
  }

  /** Vertical space, unless at the top of a page. */
  space(points: number): void {
    if (this.y < this.size[1] - MARGIN) this.y -= points;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN && this.y < this.size[1] - MARGIN) this.newPage();
  }

  /** A wrapped paragraph; `marker` (a bullet or number) hangs to the left of the indent on its first line. */
  async paragraph(spans: Span[], style: BlockStyle, marker?: string): Promise<void> {
    const indent = style.indent ?? 0;
    const lines = await this.wrap(spans, style, this.right - MARGIN - indent);
    const lineHeight = style.size * LINE_SPACING;
    for (const [i, line] of lines.entries()) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      const baseline = this.y + style.size * 0.35;
      if (i === 0 && marker) await this.drawText(marker, MARGIN + indent - (await this.measure(`${marker} `, {}, style)), baseline, {}, style);
      await this.drawLine(line, MARGIN + indent, this.right, baseline, style);
    }
  }

  /** A fenced code block: lines kept (wrapped when too long), monospace, in a shaded box. */
  async codeBlock(text: string, style: BlockStyle): Promise<void> {
    const indent = style.indent ?? 0;
    const span: Span = { text: '', mono: true };
    const lineHeight = style.size * LINE_SPACING;
    const lines: Line[] = [];
    for (const source of text.split('\n')) {
      const wrapped = await this.wrap([{ ...span, text: source.replace(/\t/g, '    ') }], style, this.right - MARGIN - indent - 2 * CELL_PADDING, true);
      lines.push(...(wrapped.length > 0 ? wrapped : [[]]));
    }
    this.ensure(lineHeight + 2 * CELL_PADDING);
    let first = 0;
    while (first < lines.length) {
      // As many lines as fit on this page, in one box.
      const room = Math.max(1, Math.floor((this.y - MARGIN - 2 * CELL_PADDING) / lineHeight));
      const chunk = lines.slice(first, first + room);
      const height = chunk.length * lineHeight + 2 * CELL_PADDING;
      this.page.drawRectangle({ x: MARGIN + indent, y: this.y - height, width: this.right - MARGIN - indent, height, color: CODE_SHADE });
      this.y -= CELL_PADDING;
      for (const line of chunk) {
        this.y -= lineHeight;
        await this.drawLine(line, MARGIN + indent + CELL_PADDING, this.right - CELL_PADDING, this.y + style.size * 0.35, style);
      }
      this.y -= CELL_PADDING;
      first += chunk.length;
      if (first < lines.length) this.newPage();
    }
  }

  /** A ruled table: equal columns, each cell wrapped; the header row shaded and bold; rows never split. */
  async table(header: Span[][], rows: Span[][][], style: BlockStyle): Promise<void> {
    const columns = Math.max(header.length, ...rows.map((row) => row.length));
    if (columns === 0) return;
    const left = MARGIN + (style.indent ?? 0);
    const columnWidth = (this.right - left) / columns;
    const lineHeight = style.size * LINE_SPACING;
    for (const [r, row] of [header, ...rows].entries()) {
      const cellStyle = { ...style, bold: r === 0 };
      const cells = await Promise.all(Array.from({ length: columns }, (_, c) => this.wrap(row[c] ?? [], cellStyle, columnWidth - 2 * CELL_PADDING)));
      const height = Math.max(1, ...cells.map((lines) => lines.length)) * lineHeight + 2 * CELL_PADDING;
      this.ensure(height);
      const top = this.y;
      if (r === 0) this.page.drawRectangle({ x: left, y: top - height, width: columnWidth * columns, height, color: HEADER_SHADE });
      for (const [c, lines] of cells.entries()) {
        const x = left + c * columnWidth;
        this.page.drawRectangle({ x, y: top - height, width: columnWidth, height, borderColor: GRID, borderWidth: 0.5 });
        for (const [i, line] of lines.entries()) {
          await this.drawLine(line, x + CELL_PADDING, x + columnWidth - CELL_PADDING, top - CELL_PADDING - (i + 1) * lineHeight + style.size * 0.35, cellStyle);
        }
      }
      this.y = top - height;
    }
  }

  /** A thin line across the text column. */
  rule(): void {
    this.ensure(12);
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: this.right, y: this.y }, thickness: 0.75, color: GRID });
    this.y -= 6;
  }

  /** Spans cut into pieces (words, spaces, single Han characters) and filled into lines of at most `width`. */
  private async wrap(spans: Span[], style: BlockStyle, width: number, keepSpaces = false): Promise<Line[]> {
    const lines: Line[] = [[]];
    let used = 0;
    const push = (piece: Piece) => {
      const line = lines.at(-1)!;
      if (piece.space && line.length === 0 && !keepSpaces) return;
      line.push(piece);
      used += piece.width;
    };
    const breakLine = () => {
      lines.push([]);
      used = 0;
    };
    for (const span of spans) {
      if (span.lineBreak) {
        breakLine();
        continue;
      }
      for (const [text] of span.text.replace(/\n/g, keepSpaces ? '\n' : ' ').matchAll(PIECES)) {
        const space = /^\s+$/.test(text);
        const piece: Piece = { text: space && !keepSpaces ? ' ' : text, span, width: 0, space };
        piece.width = await this.measure(piece.text, span, style);
        if (!space && used + piece.width > width && lines.at(-1)!.some((p) => !p.space)) breakLine();
        if (piece.width > width) {
          // A word longer than the line (a long address): cut it between characters.
          for (const char of piece.text) {
            const part: Piece = { text: char, span, width: await this.measure(char, span, style), space: false };
            if (used + part.width > width && lines.at(-1)!.length > 0) breakLine();
            push(part);
          }
        } else push(piece);
      }
    }
    for (const line of lines) while (line.at(-1)?.space && !keepSpaces) line.pop();
    // A break at the very end draws nothing; breaks in a row keep their empty lines.
    if (lines.length > 1 && lines.at(-1)!.length === 0) lines.pop();
    return lines;
  }

  /** A line's pieces in runs of one style; a right-to-left line is drawn whole and set against the right edge. */
  private async drawLine(line: Line, left: number, right: number, baseline: number, style: BlockStyle): Promise<void> {
    if (line.length === 0) return;
    const text = line.map((piece) => piece.text).join('');
    if (RIGHT_TO_LEFT.test(text)) {
      const width = line.reduce((sum, piece) => sum + piece.width, 0);
      await this.drawText(text, right - width, baseline, line[0]!.span, style);
      return;
    }
    let x = left;
    let run: Piece[] = [];
    const flush = async () => {
      if (run.length === 0) return;
      const width = run.reduce((sum, piece) => sum + piece.width, 0);
      await this.drawText(run.map((piece) => piece.text).join(''), x, baseline, run[0]!.span, style);
      const link = run[0]!.span.link;
      if (link) this.linkArea(link, x, baseline - style.size * 0.25, width, style.size * 1.1);
      x += width;
      run = [];
    };
    for (const piece of line) {
      if (run.length > 0 && run[0]!.span !== piece.span) await flush();
      run.push(piece);
    }
    await flush();
  }

  private async drawText(text: string, x: number, baseline: number, span: SpanStyle, style: BlockStyle): Promise<void> {
    const colour = span.link ? LINK_BLUE : style.colour;
    if (await this.monoCovers(text, span)) {
      this.page.drawText(text, { x, y: baseline, size: style.size * 0.9, font: await this.monoFont(), ...(colour && { color: rgb(colour.r, colour.g, colour.b) }) });
      return;
    }
    await drawScriptText(this.doc, this.page, text, { x, y: baseline, size: style.size, bold: span.bold || style.bold, italic: span.italic, color: colour });
  }

  private async measure(text: string, span: SpanStyle, style: BlockStyle): Promise<number> {
    const mono = await this.monoCovers(text, span);
    const key = `${mono ? 'm' : ''}${span.bold || style.bold ? 'b' : ''}${span.italic ? 'i' : ''}${style.size}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = mono
        ? (await this.monoFont()).widthOfTextAtSize(text, style.size * 0.9)
        : (await measureScriptText(this.doc, text, style.size, { bold: span.bold || style.bold, italic: span.italic })).width;
      this.widths.set(key, width);
    }
    return width;
  }

  /** Code is drawn in the monospace face when it has every character; other scripts fall back to Noto. */
  private async monoCovers(text: string, span: SpanStyle): Promise<boolean> {
    if (!span.mono) return false;
    const { font } = await monoFontFile();
    for (const char of text) if (!/\s/.test(char) && !font.hasGlyphForCodePoint(char.codePointAt(0)!)) return false;
    return true;
  }

  private monoFont(): Promise<PDFFont> {
    this.mono ??= Promise.all([monoFontFile(), registerFontkit(this.doc)]).then(([{ bytes }]) => this.doc.embedFont(bytes, { subset: true }));
    return this.mono;
  }

  /** A URI link annotation over the drawn text: a real link in every reader. */
  private linkArea(uri: string, x: number, y: number, width: number, height: number): void {
    const annotation = this.doc.context.register(
      this.doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [x, y, x + width, y + height],
        Border: [0, 0, 0],
        // pdf-lib writes a literal string as it is given: the string's own delimiters must be escaped.
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(uri.replace(/[\\()]/g, '\\$&')) },
      }),
    );
    this.page.node.addAnnot(annotation);
  }
}
