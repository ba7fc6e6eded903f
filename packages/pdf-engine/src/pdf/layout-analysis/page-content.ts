import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

/**
 * What a page draws, from pdfjs-dist's operator list (in-process, no canvas needed for it): every
 * glyph with its place, size, font and fill colour; straight lines and thin bars (table rules); and
 * images with their box and pixels. pdftotext's -bbox-layout has no fonts, sizes or colours, and
 * pdfjs's getTextContent has no colours and merges runs of different colours: walking the operators
 * gives all of them from one source. Coordinates are points from the page's top-left corner.
 */

export interface TextStyle {
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  /** RRGGBB */
  colour: string;
}

export const sameStyle = (a: TextStyle, b: TextStyle) => a.font === b.font && a.size === b.size && a.bold === b.bold && a.italic === b.italic && a.colour === b.colour;

export interface Glyph {
  text: string;
  x0: number;
  x1: number;
  baseline: number;
  size: number;
  style: TextStyle;
}

/** A horizontal (y0 = y1) or vertical (x0 = x1) stroke. */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PageImage {
  x0: number;
  top: number;
  x1: number;
  bottom: number;
  png: Buffer;
}

export interface PageContent {
  width: number;
  height: number;
  glyphs: Glyph[];
  rules: Rule[];
  images: PageImage[];
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** Thicker than this, a filled bar is a box, not a rule. */
const RULE_THICKNESS = 3;
/** Images smaller than this (points, either side) are decoration: bullets, dots, rules drawn as pictures. */
const MIN_IMAGE = 8;

interface State {
  ctm: Matrix;
  fill: string;
  font?: { name: string; bold: boolean; italic: boolean; fontMatrix: number[] };
  size: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
}

/** "ABCDEF+LiberationSans-BoldItalic" -> "Liberation Sans"; "TimesNewRomanPSMT" -> "Times New Roman". */
export function fontFamily(name: string): string {
  const base = name.replace(/^[A-Z]{6}\+/, '').split(/[-,]/)[0]!.replace(/(PS)?MT$/, '');
  return base.replace(/([a-z])([A-Z])/g, '$1 $2').trim() || 'Arial';
}

/** Images over `maxPixels` are not decoded (pdfjs skips them). */
export async function openPdf(data: Uint8Array, maxPixels: number): Promise<PDFDocumentProxy> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return getDocument({ data, maxImageSize: maxPixels, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, isOffscreenCanvasSupported: false, verbosity: 0 }).promise;
}

const hex = (n: number) => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0');

export async function pageContent(page: PDFPageProxy): Promise<PageContent> {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const viewport = page.getViewport({ scale: 1 });
  const view = viewport.transform as Matrix;
  const list = await page.getOperatorList();
  const glyphs: Glyph[] = [];
  const rules: Rule[] = [];
  const pending: Promise<PageImage | undefined>[] = [];
  const stack: State[] = [];
  let s: State = { ctm: view, fill: '000000', size: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0, rise: 0, textMatrix: IDENTITY, x: 0, y: 0, lineX: 0, lineY: 0 };
  const fonts = new Map<string, State['font']>();
  const fontOf = (id: string) => {
    if (!fonts.has(id)) {
      const font = page.commonObjs.get(id) as { name?: string; fontMatrix?: number[]; bold?: boolean; italic?: boolean } | undefined;
      const name = font?.name ?? '';
      fonts.set(id, { name: fontFamily(name), bold: /bold|black|heavy|semibold|demi/i.test(name), italic: /italic|oblique/i.test(name), fontMatrix: font?.fontMatrix ?? [0.001] });
    }
    return fonts.get(id);
  };
  const moveText = (x: number, y: number) => {
    s.x = s.lineX += x;
    s.y = s.lineY += y;
  };

  const showText = (items: unknown[]) => {
    const font = s.font;
    if (!font || s.size === 0) return;
    const m = multiply(s.ctm, s.textMatrix);
    const scale = Math.hypot(m[2], m[3]) * s.size;
    const style: TextStyle = { font: font.name, size: Math.round(scale * 2) / 2, bold: font.bold, italic: font.italic, colour: s.fill };
    let x = 0;
    for (const item of items) {
      if (typeof item === 'number') {
        x -= (item * s.size) / 1000;
        continue;
      }
      const glyph = item as { unicode?: string; width?: number; isSpace?: boolean };
      const advance = (glyph.width ?? 0) * s.size * (font.fontMatrix[0] ?? 0.001) + (glyph.isSpace ? s.wordSpacing : 0) + s.charSpacing;
      const text = (glyph.unicode ?? '').normalize('NFKC');
      if (text.trim()) {
        const [ax, ay] = apply(m, s.x + x * s.hScale, s.y + s.rise);
        const [bx] = apply(m, s.x + (x + advance) * s.hScale, s.y + s.rise);
        glyphs.push({ text, x0: Math.min(ax, bx), x1: Math.max(ax, bx), baseline: ay, size: scale, style });
      }
      x += advance;
    }
    s.x += x * s.hScale;
  };

  const path = (paint: number, data: ArrayLike<number>) => {
    const stroke = paint >= OPS.stroke && paint <= OPS.closeStroke;
    const fill = paint >= OPS.fill && paint <= OPS.closeEOFillStroke;
    if (!stroke && !fill) return;
    let points: [number, number][] = [];
    const subpaths: [number, number][][] = [points];
    for (let i = 0; i < data.length; ) {
      const op = data[i++];
      if (op === 0) subpaths.push((points = [apply(s.ctm, data[i++]!, data[i++]!)]));
      else if (op === 1) points.push(apply(s.ctm, data[i++]!, data[i++]!));
      else if (op === 2) (i += 6), (points = []), subpaths.push(points);
      else if (op === 3) (i += 4), (points = []), subpaths.push(points);
      else if (op === 4 && points[0]) points.push(points[0]);
    }
    for (const sub of subpaths) {
      if (sub.length < 2) continue;
      const xs = sub.map((p) => p[0]);
      const ys = sub.map((p) => p[1]);
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      if (fill && sub.length >= 4) {
        if (y1 - y0 <= RULE_THICKNESS && x1 - x0 > RULE_THICKNESS) rules.push({ x0, x1, y0: (y0 + y1) / 2, y1: (y0 + y1) / 2 });
        else if (x1 - x0 <= RULE_THICKNESS && y1 - y0 > RULE_THICKNESS) rules.push({ x0: (x0 + x1) / 2, x1: (x0 + x1) / 2, y0, y1 });
        continue;
      }
      if (!stroke) continue;
      for (let k = 1; k < sub.length; k++) {
        const [a, b] = [sub[k - 1]!, sub[k]!];
        if (Math.abs(a[1] - b[1]) < 0.5 && Math.abs(a[0] - b[0]) > RULE_THICKNESS) rules.push({ x0: Math.min(a[0], b[0]), x1: Math.max(a[0], b[0]), y0: a[1], y1: a[1] });
        else if (Math.abs(a[0] - b[0]) < 0.5 && Math.abs(a[1] - b[1]) > RULE_THICKNESS) rules.push({ x0: a[0], x1: a[0], y0: Math.min(a[1], b[1]), y1: Math.max(a[1], b[1]) });
      }
    }
  };

  const image = (source: () => Promise<unknown>) => {
    const corners = [apply(s.ctm, 0, 0), apply(s.ctm, 1, 0), apply(s.ctm, 0, 1), apply(s.ctm, 1, 1)];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const box = { x0: Math.min(...xs), x1: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
    if (box.x1 - box.x0 < MIN_IMAGE || box.bottom - box.top < MIN_IMAGE) return;
    pending.push(source().then(async (data) => {
      const png = await imagePng(data);
      return png && { ...box, png };
    }));
  };

  const { fnArray, argsArray } = list;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push({ ...s });
        break;
      case OPS.restore:
        s = stack.pop() ?? s;
        break;
      case OPS.transform:
        s.ctm = multiply(s.ctm, args as Matrix);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...s });
        if (args[0]) s.ctm = multiply(s.ctm, args[0] as Matrix);
        break;
      case OPS.paintFormXObjectEnd:
        s = stack.pop() ?? s;
        break;
      case OPS.setFillRGBColor:
        s.fill = typeof args[0] === 'string' ? args[0].slice(1).toUpperCase() : (args as number[]).map(hex).join('').toUpperCase();
        break;
      case OPS.beginText:
        s.textMatrix = IDENTITY;
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      case OPS.setFont:
        s.font = fontOf(args[0] as string);
        s.size = Math.abs(args[1] as number);
        break;
      case OPS.setCharSpacing:
        s.charSpacing = args[0] as number;
        break;
      case OPS.setWordSpacing:
        s.wordSpacing = args[0] as number;
        break;
      case OPS.setHScale:
        s.hScale = (args[0] as number) / 100;
        break;
      case OPS.setLeading:
        s.leading = -(args[0] as number);
        break;
      case OPS.setTextRise:
        s.rise = args[0] as number;
        break;
      case OPS.setTextMatrix:
        s.textMatrix = (Array.isArray(args[0]) || ArrayBuffer.isView(args[0]) ? [...(args[0] as number[])] : args) as Matrix;
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      case OPS.moveText:
        moveText(args[0] as number, args[1] as number);
        break;
      case OPS.setLeadingMoveText:
        s.leading = args[1] as number;
        moveText(args[0] as number, args[1] as number);
        break;
      case OPS.nextLine:
        moveText(0, s.leading);
        break;
      case OPS.showText:
      case OPS.showSpacedText:
        showText(args[0] as unknown[]);
        break;
      case OPS.nextLineShowText:
        moveText(0, s.leading);
        showText(args[0] as unknown[]);
        break;
      case OPS.nextLineSetSpacingShowText:
        s.wordSpacing = args[0] as number;
        s.charSpacing = args[1] as number;
        moveText(0, s.leading);
        showText(args[2] as unknown[]);
        break;
      case OPS.constructPath:
        path(args[0] as number, ((args[1] as ArrayLike<number>[])?.[0] ?? []) as ArrayLike<number>);
        break;
      case OPS.paintImageXObject: {
        const id = args[0] as string;
        image(() => new Promise((resolve) => (id.startsWith('g_') ? page.commonObjs : page.objs).get(id, resolve)));
        break;
      }
      case OPS.paintInlineImageXObject:
        image(async () => args[0]);
        break;
    }
  }
  // The pixels are read now, while the page is loaded.
  const images = (await Promise.all(pending)).filter((i) => i !== undefined);
  return { width: viewport.width, height: viewport.height, glyphs, rules, images };
}

/** pdfjs's decoded pixels (grey 1-bit, RGB or RGBA) as a PNG. */
async function imagePng(data: unknown): Promise<Buffer | undefined> {
  const img = data as { width?: number; height?: number; kind?: number; data?: Uint8Array } | undefined;
  if (!img?.data || !img.width || !img.height) return undefined;
  const { width, height, kind } = img;
  let pixels = img.data;
  let channels: 1 | 3 | 4 = kind === 3 ? 4 : 3;
  if (kind === 1) {
    // One bit a pixel, rows padded to a byte.
    const stride = (width + 7) >> 3;
    pixels = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = img.data[y * stride + (x >> 3)]! & (0x80 >> (x & 7)) ? 255 : 0;
    channels = 1;
  }
  if (pixels.length < width * height * channels) return undefined;
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, width * height * channels), { raw: { width, height, channels } }).png().toBuffer();
}
