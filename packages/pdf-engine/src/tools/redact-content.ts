import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';
import { ContentNotUnderstood, pageContent, parseContent, type ContentOp, type Operand } from '../pdf/content-ops.ts';
import { glyphReader, type GlyphReader } from '../pdf/font-widths.ts';
import type { PageArea } from './redact-document.ts';
import { blackOutImages, type ImageHit } from './redact-images.ts';

/**
 * Redaction that keeps the rest of the page: the page's content is interpreted, the glyphs whose box
 * meets a redaction box are taken out of their strings (a kerning step keeps the glyphs after them in
 * place), paths lying wholly under a box are not painted, image pixels under a box are
 * blacked out (redact-images.ts), and black boxes are painted on top. What it
 * cannot be sure of (a form, inline image, shading or partly covered path under a box, a Type 3 or unknown
 * font, a stream it cannot parse) throws ContentNotUnderstood, and the page is burned in instead.
 */

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** m1 then m2. */
const times = ([a, b, c, d, e, f]: Matrix, [a2, b2, c2, d2, e2, f2]: Matrix): Matrix => [
  a * a2 + b * c2,
  a * b2 + b * d2,
  c * a2 + d * c2,
  c * b2 + d * d2,
  e * a2 + f * c2 + e2,
  e * b2 + f * d2 + f2,
];
const apply = ([a, b, c, d, e, f]: Matrix, x: number, y: number) => ({ x: a * x + c * y + e, y: b * x + d * y + f });

/** The page-space box around a rectangle (x0, y0)–(x1, y1) drawn under a matrix. */
function boxUnder(m: Matrix, x0: number, y0: number, x1: number, y1: number): PageArea {
  const points = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  return { x0: Math.min(...points.map((p) => p.x)), y0: Math.min(...points.map((p) => p.y)), x1: Math.max(...points.map((p) => p.x)), y1: Math.max(...points.map((p) => p.y)) };
}
const meets = (a: PageArea, b: PageArea) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const inside = (a: PageArea, b: PageArea) => a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1;

interface GraphicsState {
  ctm: Matrix;
  charSpacing: number;
  wordSpacing: number;
  scale: number;
  leading: number;
  rise: number;
  font: GlyphReader | undefined;
  size: number;
}

const number = (o: Operand | undefined) => {
  if (typeof o !== 'number') throw new ContentNotUnderstood('an operand that should be a number');
  return o;
};
const nameOf = (o: Operand | undefined) => {
  if (typeof o !== 'object' || o === null || !('name' in o)) throw new ContentNotUnderstood('an operand that should be a name');
  return o.name;
};
/** A name written back: anything but plain printable characters as #xx. */
const writeName = (name: string) => `/${name.replace(/[^!-~]|[()<>[\]{}/%#]/g, (c) => `#${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}`;
const matrixOf = (args: Operand[]) => args.slice(0, 6).map(number) as Matrix;
const fmt = (n: number) => String(Number(n.toFixed(3)));
const hex = (parts: Uint8Array[]) => `<${Buffer.concat(parts).toString('hex')}>`;

export async function redactContent(doc: PDFDocument, pageIndex: number, areas: readonly PageArea[]): Promise<void> {
  const page = doc.getPage(pageIndex).node;
  const bytes = pageContent(page);
  const ops = parseContent(bytes);
  const resources = page.Resources();
  const lookupIn = (category: string, name: Operand | undefined): PDFObject | undefined => {
    const dict = resources?.lookup(PDFName.of(category));
    return dict instanceof PDFDict && typeof name === 'object' && name !== null && 'name' in name ? dict.lookup(PDFName.of(name.name)) : undefined;
  };
  const readers = new Map<PDFObject, GlyphReader>();
  /** A font it cannot measure only matters once it shows text: then the page is burned in. */
  const readerFor = (font: PDFObject | undefined): GlyphReader => {
    if (!(font instanceof PDFDict)) return () => { throw new ContentNotUnderstood('a font that is not there'); };
    if (!readers.has(font)) {
      try {
        readers.set(font, glyphReader(font));
      } catch (error) {
        if (!(error instanceof ContentNotUnderstood)) throw error;
        readers.set(font, () => { throw error; });
      }
    }
    return readers.get(font)!;
  };

  let gs: GraphicsState = { ctm: IDENTITY, charSpacing: 0, wordSpacing: 0, scale: 1, leading: 0, rise: 0, font: undefined, size: 0 };
  const saved: GraphicsState[] = [];
  let tm = IDENTITY;
  let lineStart = IDENTITY;
  let path: PageArea | undefined;
  const addPoint = (x: number, y: number) => {
    const p = apply(gs.ctm, x, y);
    path = path ? { x0: Math.min(path.x0, p.x), y0: Math.min(path.y0, p.y), x1: Math.max(path.x1, p.x), y1: Math.max(path.y1, p.y) } : { x0: p.x, y0: p.y, x1: p.x, y1: p.y };
  };
  const nextLine = (tx: number, ty: number) => {
    lineStart = times([1, 0, 0, 1, tx, ty], lineStart);
    tm = lineStart;
  };
  const refuseIfHit = (box: PageArea, what: string) => {
    if (areas.some((a) => meets(box, a))) throw new ContentNotUnderstood(`${what} under a redaction box`);
  };

  /** The string shown, as TJ items with the hit glyphs taken out; undefined when nothing was hit. */
  const show = (items: Operand[]): string | undefined => {
    if (!gs.font) throw new ContentNotUnderstood('text without a font');
    const out: string[] = [];
    let kept: Uint8Array[] = [];
    let shift = 0;
    let hit = false;
    const flush = () => {
      if (kept.length > 0) out.push(hex(kept));
      kept = [];
    };
    for (const item of items) {
      if (typeof item === 'number') {
        tm = times([1, 0, 0, 1, (-item / 1000) * gs.size * gs.scale, 0], tm);
        shift += item;
        continue;
      }
      if (typeof item !== 'object' || item === null || !('bytes' in item)) throw new ContentNotUnderstood('a shown operand that is not a string');
      for (const glyph of gs.font(item.bytes)) {
        const w = glyph.width / 1000;
        const render = times([gs.size * gs.scale, 0, 0, gs.size, 0, gs.rise], times(tm, gs.ctm));
        // A little inside the glyph's em box, so a neighbour touching a box's edge stays.
        const box = boxUnder(render, w * 0.15, -0.05, w * 0.85, 0.65);
        const advance = w * gs.size + gs.charSpacing + (glyph.space ? gs.wordSpacing : 0);
        tm = times([1, 0, 0, 1, advance * gs.scale, 0], tm);
        if (areas.some((a) => meets(box, a))) {
          if (gs.size === 0) throw new ContentNotUnderstood('a hit glyph at size 0');
          hit = true;
          shift -= (advance * 1000) / gs.size;
          continue;
        }
        if (shift !== 0) {
          flush();
          out.push(fmt(shift));
          shift = 0;
        }
        kept.push(glyph.bytes);
      }
    }
    flush();
    if (shift !== 0) out.push(fmt(shift));
    return hit ? `[${out.join(' ')}] TJ` : undefined;
  };

  const rewritten = new Map<ContentOp, string>();
  const images: ImageHit[] = [];
  for (const op of ops) {
    const { args } = op;
    switch (op.op) {
      case 'q':
        saved.push({ ...gs });
        break;
      case 'Q': {
        const restored = saved.pop();
        if (!restored) throw new ContentNotUnderstood('Q without q');
        gs = restored;
        break;
      }
      case 'cm':
        gs.ctm = times(matrixOf(args), gs.ctm);
        break;
      case 'BT':
        tm = lineStart = IDENTITY;
        break;
      case 'Tm':
        tm = lineStart = matrixOf(args);
        break;
      case 'Td':
        nextLine(number(args[0]), number(args[1]));
        break;
      case 'TD':
        gs.leading = -number(args[1]);
        nextLine(number(args[0]), number(args[1]));
        break;
      case 'T*':
        nextLine(0, -gs.leading);
        break;
      case 'Tc':
        gs.charSpacing = number(args[0]);
        break;
      case 'Tw':
        gs.wordSpacing = number(args[0]);
        break;
      case 'Tz':
        gs.scale = number(args[0]) / 100;
        break;
      case 'TL':
        gs.leading = number(args[0]);
        break;
      case 'Ts':
        gs.rise = number(args[0]);
        break;
      case 'Tf':
        gs.font = readerFor(lookupIn('Font', args[0]));
        gs.size = number(args[1]);
        break;
      case 'Tj':
      case 'TJ': {
        const shown = show(op.op === 'TJ' && Array.isArray(args[0]) ? args[0] : [args[0] ?? null]);
        if (shown) rewritten.set(op, shown);
        break;
      }
      case "'":
      case '"': {
        const prefix = op.op === '"' ? `${fmt(number(args[0]))} Tw ${fmt(number(args[1]))} Tc T*` : 'T*';
        if (op.op === '"') [gs.wordSpacing, gs.charSpacing] = [number(args[0]), number(args[1])];
        nextLine(0, -gs.leading);
        const shown = show([args[args.length - 1] ?? null]);
        if (shown) rewritten.set(op, `${prefix} ${shown}`);
        break;
      }
      case 'm':
      case 'l':
        addPoint(number(args[0]), number(args[1]));
        break;
      case 'c':
      case 'v':
      case 'y':
        for (let i = 0; i < args.length; i += 2) addPoint(number(args[i]), number(args[i + 1]));
        break;
      case 're': {
        const [x, y, w, h] = args.map(number) as [number, number, number, number];
        addPoint(x, y);
        addPoint(x + w, y + h);
        addPoint(x, y + h);
        addPoint(x + w, y);
        break;
      }
      case 'S': case 's': case 'f': case 'F': case 'f*': case 'B': case 'B*': case 'b': case 'b*': {
        // Stroke width reaches past the path's points: a stroked path counts as hit a little early.
        const reach = /^[SsBb]/.test(op.op) ? 3 : 0;
        const painted = path && { x0: path.x0 - reach, y0: path.y0 - reach, x1: path.x1 + reach, y1: path.y1 + reach };
        if (painted && areas.some((a) => meets(painted, a))) {
          if (!areas.some((a) => inside(painted, a))) throw new ContentNotUnderstood('a path partly under a redaction box');
          rewritten.set(op, 'n');
        }
        path = undefined;
        break;
      }
      case 'n':
        path = undefined;
        break;
      case 'Do': {
        const xobject = lookupIn('XObject', args[0]);
        if (xobject === undefined) break; // a missing resource draws nothing
        if (!(xobject instanceof PDFRawStream)) throw new ContentNotUnderstood('an XObject that is not a stream');
        const subtype = xobject.dict.lookup(PDFName.of('Subtype'));
        const name = nameOf(args[0]);
        if (subtype === PDFName.of('Image') && areas.some((a) => meets(boxUnder(gs.ctm, 0, 0, 1, 1), a))) images.push({ name, stream: xobject, ctm: gs.ctm });
        else if (subtype === PDFName.of('Form')) {
          const bbox = xobject.dict.lookup(PDFName.of('BBox'));
          const matrix = xobject.dict.lookup(PDFName.of('Matrix'));
          const m = matrix instanceof PDFArray ? (matrix.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) as Matrix) : IDENTITY;
          const [x0, y0, x1, y1] = bbox instanceof PDFArray ? bbox.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) : [];
          if (x1 === undefined || y1 === undefined) throw new ContentNotUnderstood('a form without a box');
          refuseIfHit(boxUnder(times(m, gs.ctm), x0!, y0!, x1, y1), 'a form');
        }
        break;
      }
      case 'BDC':
      case 'DP': {
        // Marked content can carry the text it marks (/ActualText, /Alt): strings go, tags and numbers stay.
        const props = args[1];
        if (typeof props === 'object' && props !== null && 'dict' in props && [...props.dict.values()].some((v) => typeof v === 'object' && v !== null && !('name' in v))) {
          const kept = [...props.dict].filter(([, v]) => typeof v === 'number' || (typeof v === 'object' && v !== null && 'name' in v));
          const dict = kept.map(([k, v]) => `${writeName(k)} ${typeof v === 'number' ? fmt(v) : writeName(nameOf(v))}`).join(' ');
          rewritten.set(op, `${writeName(nameOf(args[0]))} <<${dict}>> ${op.op}`);
        }
        break;
      }
      case 'BI':
        refuseIfHit(boxUnder(gs.ctm, 0, 0, 1, 1), 'an inline image');
        break;
      case 'sh':
      case 'd0':
      case 'd1':
        throw new ContentNotUnderstood(`the ${op.op} operator`);
    }
  }

  const body = ops.map((op) => rewritten.get(op) ?? Buffer.from(bytes.subarray(op.start, op.end)).toString('latin1'));
  const boxes = areas.map((a) => `${fmt(a.x0)} ${fmt(a.y0)} ${fmt(a.x1 - a.x0)} ${fmt(a.y1 - a.y0)} re`).join('\n');
  await blackOutImages(doc, pageIndex, images, areas);
  const content = ['q', ...body, ...saved.map(() => 'Q'), 'Q', 'q 0 g', boxes, 'f Q'].join('\n');
  page.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(Buffer.from(content, 'latin1'))));
}
