import { PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';
import { ContentNotUnderstood, nameOf, number, pageContentBytes, parseContent, streamBytes, type ContentOp } from './content-ops.ts';
import { boxUnder, formMatrix, IDENTITY, matrixOf, times, type Area, type Matrix } from './matrix.ts';

/**
 * What a page shows as text and where its images lie, read from its content streams and the forms
 * they draw: OCR reads only what is not text yet. Invisible text (render modes 3 and 7) is what OCR
 * layers are written in (tesseract, ocrmypdf, Acrobat), so a page carrying it was recognised before.
 */
export interface PageText {
  visibleText: boolean;
  invisibleText: boolean;
  /** Images drawn on the page, in page space (before /Rotate). */
  images: Area[];
}

const SHOW = new Set(['Tj', 'TJ', "'", '"']);
const MAX_FORM_DEPTH = 12;

/** A stream read once however often it is drawn: the page's joined content, or a form XObject's. */
interface Stream {
  owner: PDFDict | PDFRef;
  bytes: Uint8Array;
  ops: ContentOp[];
}

interface Shown {
  stream: Stream;
  op: ContentOp;
  invisible: boolean;
}

/** Walks the page's content and every form it draws; throws ContentNotUnderstood where it cannot read it. */
function readPage(doc: PDFDocument, pageIndex: number): { shown: Shown[]; images: Area[] } {
  const page = doc.getPage(pageIndex).node;
  const shown: Shown[] = [];
  const images: Area[] = [];
  const streams = new Map<PDFDict | PDFRef, Stream>();
  const read = (owner: PDFDict | PDFRef, bytes: () => Uint8Array) => {
    if (!streams.has(owner)) {
      const decoded = bytes();
      streams.set(owner, { owner, bytes: decoded, ops: parseContent(decoded) });
    }
    return streams.get(owner)!;
  };
  const walk = (stream: Stream, resources: PDFDict | undefined, ctm: Matrix, mode: number, depth: number) => {
    if (depth > MAX_FORM_DEPTH) throw new ContentNotUnderstood('forms nested too deep');
    const xobjects = resources?.lookup(PDFName.of('XObject'));
    let state = { ctm, mode };
    const saved: (typeof state)[] = [];
    for (const op of stream.ops) {
      if (SHOW.has(op.op)) shown.push({ stream, op, invisible: state.mode === 3 || state.mode === 7 });
      else if (op.op === 'q') saved.push(state);
      else if (op.op === 'Q') state = saved.pop() ?? state;
      else if (op.op === 'cm') state = { ...state, ctm: times(matrixOf(op.args), state.ctm) };
      else if (op.op === 'Tr') state = { ...state, mode: number(op.args[0]) };
      else if (op.op === 'BI') images.push(boxUnder(state.ctm, 0, 0, 1, 1));
      else if (op.op === 'Do' && xobjects instanceof PDFDict) {
        const ref = xobjects.get(PDFName.of(nameOf(op.args[0])));
        const xobject = ref && doc.context.lookup(ref);
        if (!(xobject instanceof PDFRawStream)) continue; // a missing resource draws nothing
        const subtype = xobject.dict.lookup(PDFName.of('Subtype'));
        if (subtype === PDFName.of('Image')) images.push(boxUnder(state.ctm, 0, 0, 1, 1));
        else if (subtype === PDFName.of('Form')) {
          if (!(ref instanceof PDFRef)) throw new ContentNotUnderstood('a form that is not an indirect object');
          const own = xobject.dict.lookup(PDFName.of('Resources'));
          walk(read(ref, () => streamBytes(xobject)), own instanceof PDFDict ? own : resources, times(formMatrix(xobject.dict), state.ctm), state.mode, depth + 1);
        }
      }
    }
  };
  walk(read(page, () => pageContentBytes(page)), page.Resources(), IDENTITY, 0, 0);
  return { shown, images };
}

export function pageText(doc: PDFDocument, pageIndex: number): PageText {
  const { shown, images } = readPage(doc, pageIndex);
  return { visibleText: shown.some((s) => !s.invisible), invisibleText: shown.some((s) => s.invisible), images };
}

/**
 * Takes text out of a page: its invisible text (an earlier OCR layer, before a new one replaces it) or
 * all of it (so only the images are left to read). Streams it changes are written anew; `'` and `"`
 * keep their move to the next line.
 */
export function removePageText(doc: PDFDocument, pageIndex: number, which: 'invisible' | 'all'): void {
  const removed = new Map<Stream, Set<ContentOp>>();
  for (const { stream, op, invisible } of readPage(doc, pageIndex).shown) {
    if (which === 'invisible' && !invisible) continue;
    removed.set(stream, (removed.get(stream) ?? new Set()).add(op));
  }
  for (const [{ owner, bytes, ops }, gone] of removed) {
    const kept = ops.map((op) => {
      if (!gone.has(op)) return Buffer.from(bytes.subarray(op.start, op.end)).toString('latin1');
      if (op.op === "'") return 'T*';
      if (op.op === '"') return `${number(op.args[0])} Tw ${number(op.args[1])} Tc T*`;
      return '';
    });
    const content = Buffer.from(kept.filter(Boolean).join('\n'), 'latin1');
    if (owner instanceof PDFDict) owner.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(content)));
    else {
      const { dict } = doc.context.lookup(owner) as PDFRawStream;
      const entries = [...dict.entries()].filter(([key]) => !['/Filter', '/DecodeParms', '/Length'].includes(key.asString()));
      doc.context.assign(owner, doc.context.flateStream(content, Object.fromEntries(entries.map(([key, value]) => [key.asString().slice(1), value]))));
    }
  }
}
