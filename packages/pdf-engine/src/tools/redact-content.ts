import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFDocument, type PDFObject, type PDFRef } from '@cantoo/pdf-lib';
import { ContentNotUnderstood, nameOf, number, pageContentBytes, parseContent, type ContentOp, type Operand } from '../pdf/content-ops.ts';
import { apply, boxUnder, formMatrix, IDENTITY, matrixOf, times, type Matrix } from '../pdf/matrix.ts';
import { glyphReader, type GlyphReader } from '../pdf/font-widths.ts';
import type { PageArea } from './redact-document.ts';
import { blackOutImages, type ImageHit } from './redact-images.ts';

/**
 * Redaction that keeps the rest of the page: the page's content is interpreted, form XObjects'
 * content with it (a form with a hit gets a copy of its own for this page), the glyphs whose box
 * meets a redaction box are taken out of their strings (a kerning step keeps the glyphs after them
 * in place), paths lying wholly under a box are not painted, straight paths partly under one are
 * painted with the boxes clipped out, image pixels under a box are blacked out (redact-images.ts),
 * and black boxes are painted on top. What cannot be cut (a curved path, inline image, unreadable
 * image or form partly under a box) is left out and its region returned, to be put back as pixels
 * with the boxes black (redact-page.ts). A shading (sh) is painted with the boxes clipped out. What
 * it cannot be sure of at all (text in a font it cannot measure, a page stream it cannot parse)
 * throws ContentNotUnderstood, and the whole page is burned in instead.
 */

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

/** A name written back: anything but plain printable characters as #xx. */
const writeName = (name: string) => `/${name.replace(/[^!-~]|[()<>[\]{}/%#]/g, (c) => `#${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}`;
const fmt = (n: number) => String(Number(n.toFixed(3)));
const hex = (parts: Uint8Array[]) => `<${Buffer.concat(parts).toString('hex')}>`;

/** Forms inside forms inside forms: deeper than this is not a document but a trap. */
const MAX_FORM_DEPTH = 8;

/** Rewrites the page's content; returns the regions (page space) that could not be cut and must be put back as pixels. */
export async function redactContent(doc: PDFDocument, pageIndex: number, areas: readonly PageArea[]): Promise<PageArea[]> {
  const page = doc.getPage(pageIndex).node;
  const regions: PageArea[] = [];
  const { body, open, resources } = await rewriteContent(doc, pageContentBytes(page), page.Resources(), IDENTITY, areas, regions, 0);
  const boxes = areas.map((a) => `${fmt(a.x0)} ${fmt(a.y0)} ${fmt(a.x1 - a.x0)} ${fmt(a.y1 - a.y0)} re`).join('\n');
  const content = ['q', body, ...Array.from({ length: open }, () => 'Q'), 'Q', 'q 0 g', boxes, 'f Q'].join('\n');
  page.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(Buffer.from(content, 'latin1'))));
  if (resources) page.set(PDFName.of('Resources'), resources);
  return regions;
}

interface Rewritten {
  body: string;
  /** q operators left open at the end. */
  open: number;
  /** A copy of the resources with the redacted copies of images and forms in it, when there are any. */
  resources: PDFDict | undefined;
  changed: boolean;
}

async function rewriteContent(
  doc: PDFDocument,
  bytes: Uint8Array,
  resources: PDFDict | undefined,
  startCtm: Matrix,
  areas: readonly PageArea[],
  regions: PageArea[],
  depth: number,
): Promise<Rewritten> {
  const ops = parseContent(bytes);
  const lookupIn = (category: string, name: Operand | undefined): PDFObject | undefined => {
    const dict = resources?.lookup(PDFName.of(category));
    return dict instanceof PDFDict && typeof name === 'object' && name !== null && 'name' in name ? dict.lookup(PDFName.of(name.name)) : undefined;
  };
  const readers = new Map<PDFObject, GlyphReader>();
  /** A font it cannot measure only matters once it shows text: then the page is burned in. */
  const failing = (error: ContentNotUnderstood): GlyphReader => ({ matrix: IDENTITY, glyphs: () => { throw error; } });
  const readerFor = (font: PDFObject | undefined): GlyphReader => {
    if (!(font instanceof PDFDict)) return failing(new ContentNotUnderstood('a font that is not there'));
    if (!readers.has(font)) {
      try {
        readers.set(font, glyphReader(font));
      } catch (error) {
        if (!(error instanceof ContentNotUnderstood)) throw error;
        readers.set(font, failing(error));
      }
    }
    return readers.get(font)!;
  };

  let gs: GraphicsState = { ctm: startCtm, charSpacing: 0, wordSpacing: 0, scale: 1, leading: 0, rise: 0, font: undefined, size: 0 };
  const saved: GraphicsState[] = [];
  let tm = IDENTITY;
  let lineStart = IDENTITY;
  let path: PageArea | undefined;
  /** The current path's first operation and whether it has curves (which are not cut, only left out). */
  let pathStart: ContentOp | undefined;
  let curved = false;
  const addPoint = (x: number, y: number) => {
    const p = apply(gs.ctm, x, y);
    path = path ? { x0: Math.min(path.x0, p.x), y0: Math.min(path.y0, p.y), x1: Math.max(path.x1, p.x), y1: Math.max(path.y1, p.y) } : { x0: p.x, y0: p.y, x1: p.x, y1: p.y };
  };
  const nextLine = (tx: number, ty: number) => {
    lineStart = times([1, 0, 0, 1, tx, ty], lineStart);
    tm = lineStart;
  };
  const hits = (box: PageArea) => areas.some((a) => meets(box, a));
  /** Something that cannot be cut is left out, and its region is put back as pixels. */
  const leaveOut = (op: ContentOp, box: PageArea) => {
    rewritten.set(op, '');
    regions.push(box);
  };
  const xobjects = new Map<string, PDFRef>();

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
      for (const glyph of gs.font.glyphs(item.bytes)) {
        const w = glyph.width / 1000;
        const render = times(gs.font.matrix, times([gs.size * gs.scale, 0, 0, gs.size, 0, gs.rise], times(tm, gs.ctm)));
        // A line a little inside the glyph's advance, across the middle of its lower body (between the
        // baseline and x-height), so a neighbour touching a box's edge stays, and so does the line above
        // or below when tight leading lets a word's box reach into it (pdftotext boxes Type 3 words
        // as deep as the font's bounding box).
        const box = boxUnder(render, w * 0.15, 0.275, w * 0.85, 0.275);
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
        pathStart ??= op;
        addPoint(number(args[0]), number(args[1]));
        break;
      case 'c':
      case 'v':
      case 'y':
        pathStart ??= op;
        curved = true;
        for (let i = 0; i < args.length; i += 2) addPoint(number(args[i]), number(args[i + 1]));
        break;
      case 're': {
        pathStart ??= op;
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
        if (painted && hits(painted)) {
          if (areas.some((a) => inside(painted, a))) rewritten.set(op, 'n');
          else if (curved) {
            rewritten.set(op, 'n');
            regions.push(painted);
          } else {
            // An underline, highlight or rule: painted as before, with the boxes it meets clipped out.
            const clip = clipOut(gs.ctm, areas.filter((a) => meets(painted, a)));
            rewritten.set(pathStart!, `q ${clip} ${rewritten.get(pathStart!) ?? source(pathStart!)}`);
            rewritten.set(op, `${source(op)} Q`);
          }
        }
        path = pathStart = undefined;
        curved = false;
        break;
      }
      case 'n':
        path = pathStart = undefined;
        curved = false;
        break;
      case 'Do': {
        const xobject = lookupIn('XObject', args[0]);
        if (xobject === undefined) break; // a missing resource draws nothing
        if (!(xobject instanceof PDFRawStream)) throw new ContentNotUnderstood('an XObject that is not a stream');
        const subtype = xobject.dict.lookup(PDFName.of('Subtype'));
        const name = nameOf(args[0]);
        if (subtype === PDFName.of('Image') && hits(boxUnder(gs.ctm, 0, 0, 1, 1))) images.push({ name, stream: xobject, ctm: gs.ctm, op });
        else if (subtype === PDFName.of('Form')) {
          const bbox = xobject.dict.lookup(PDFName.of('BBox'));
          const m = formMatrix(xobject.dict);
          const [x0, y0, x1, y1] = bbox instanceof PDFArray ? bbox.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) : [];
          if (x1 === undefined || y1 === undefined) throw new ContentNotUnderstood('a form without a box');
          const box = boxUnder(times(m, gs.ctm), x0!, y0!, x1, y1);
          if (!hits(box)) break;
          const copy = await redactedForm(doc, xobject, times(m, gs.ctm), areas, depth).catch((error: unknown) => {
            if (error instanceof ContentNotUnderstood) return undefined;
            throw error;
          });
          if (!copy) leaveOut(op, box);
          else if (copy.changed) {
            regions.push(...copy.regions);
            const renamed = `${name}R${xobjects.size}`;
            xobjects.set(renamed, copy.ref);
            rewritten.set(op, `${writeName(renamed)} Do`);
          }
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
        if (hits(boxUnder(gs.ctm, 0, 0, 1, 1))) leaveOut(op, boxUnder(gs.ctm, 0, 0, 1, 1));
        break;
      case 'sh':
        // A shading is never text, and whatever it paints under a box is clipped out; the rest stays as it was.
        if (areas.length > 0) rewritten.set(op, `q ${clipOut(gs.ctm, areas)} ${source(op)} Q`);
        break;
      case 'd0':
      case 'd1':
        throw new ContentNotUnderstood(`the ${op.op} operator`);
    }
  }

  const { replaced, unreadable } = await blackOutImages(doc, images, areas);
  for (const hit of images) if (unreadable.has(hit.name)) leaveOut(hit.op, boxUnder(hit.ctm as Matrix, 0, 0, 1, 1));
  for (const [name, ref] of replaced) xobjects.set(name, ref);
  const body = ops.map((op) => rewritten.get(op) ?? source(op)).join('\n');
  return { body, open: saved.length, resources: xobjects.size > 0 ? withXObjects(doc, resources, xobjects) : undefined, changed: rewritten.size > 0 || xobjects.size > 0 };

  function source(op: ContentOp) {
    return Buffer.from(bytes.subarray(op.start, op.end)).toString('latin1');
  }
}

/** A copy of a form XObject with its content redacted, for this page alone (another page may show the form unredacted). */
async function redactedForm(doc: PDFDocument, form: PDFRawStream, ctm: Matrix, areas: readonly PageArea[], depth: number): Promise<{ changed: false; regions: PageArea[] } | { changed: true; regions: PageArea[]; ref: PDFRef }> {
  if (depth >= MAX_FORM_DEPTH) throw new ContentNotUnderstood('forms nested too deep');
  let bytes: Uint8Array;
  try {
    bytes = decodePDFRawStream(form).decode();
  } catch {
    throw new ContentNotUnderstood('a form that cannot be decoded');
  }
  const own = form.dict.lookup(PDFName.of('Resources'));
  const regions: PageArea[] = [];
  const result = await rewriteContent(doc, bytes, own instanceof PDFDict ? own : undefined, ctm, areas, regions, depth + 1);
  if (!result.changed) return { changed: false, regions };
  const copy = doc.context.flateStream(Buffer.from([result.body, ...Array.from({ length: result.open }, () => 'Q')].join('\n'), 'latin1'));
  for (const [key, value] of form.dict.entries()) if (!['Length', 'Filter', 'DecodeParms'].includes(key.decodeText())) copy.dict.set(key, value);
  if (result.resources) copy.dict.set(PDFName.of('Resources'), result.resources);
  return { changed: true, regions, ref: doc.context.register(copy) };
}

/** Resources may be inherited or shared with other pages and forms: the redacted content gets its own copies. */
export function withXObjects(doc: PDFDocument, resources: PDFDict | undefined, xobjects: ReadonlyMap<string, PDFRef>): PDFDict {
  const copy = (resources ?? doc.context.obj({})).clone(doc.context);
  const existing = copy.lookup(PDFName.of('XObject'));
  const own = existing instanceof PDFDict ? existing.clone(doc.context) : doc.context.obj({});
  for (const [name, ref] of xobjects) own.set(PDFName.of(name), ref);
  copy.set(PDFName.of('XObject'), own);
  return copy;
}

/** Clips that leave out the boxes, one a box (clips intersect): a huge rectangle and the box, even-odd, in the user space of `ctm`. */
function clipOut(ctm: Matrix, areas: readonly PageArea[]): string {
  const inverse = invert(ctm);
  const polygon = (x0: number, y0: number, x1: number, y1: number) => {
    const [a, b, c, d] = [apply(inverse, x0, y0), apply(inverse, x1, y0), apply(inverse, x1, y1), apply(inverse, x0, y1)];
    return `${fmt(a.x)} ${fmt(a.y)} m ${fmt(b.x)} ${fmt(b.y)} l ${fmt(c.x)} ${fmt(c.y)} l ${fmt(d.x)} ${fmt(d.y)} l h`;
  };
  return areas.map((area) => `${polygon(-1e5, -1e5, 1e5, 1e5)} ${polygon(area.x0, area.y0, area.x1, area.y1)} W* n`).join(' ');
}

function invert([a, b, c, d, e, f]: Matrix): Matrix {
  const det = a * d - b * c;
  if (Math.abs(det) < 1e-12) throw new ContentNotUnderstood('a matrix that cannot be inverted');
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}
