import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  popGraphicsState,
  pushGraphicsState,
  type PDFContext,
  type PDFPage,
} from '@cantoo/pdf-lib';
import { pdfaNotKept } from '../pdf/conformance.ts';
import { preparePdf } from '../pdf/prepare.ts';
import { openPrepared, writePdf } from '../pdf/write.ts';
import { outputFilename } from '../output-names.ts';
import type { Operation } from './operation.ts';

/** Annotations that stay: links draw nothing, popups belong to the notes they open. */
const KEPT = new Set(['Link']);
const HIDDEN = 2;
const NO_VIEW = 32;

export const flatten: Operation<'flatten'> = async ([input], _options, ctx) => {
  const pdf = await preparePdf(ctx, input!);
  const doc = await openPrepared(pdf);
  const form = doc.getForm();
  try {
    form.flatten({ updateFieldAppearances: true });
  } catch {
    // Appearances cannot always be regenerated (fonts, odd values): keep the ones the file has.
    form.flatten({ updateFieldAppearances: false });
  }
  for (const [i, page] of doc.getPages().entries()) {
    flattenAnnotations(doc.context, page);
    if (i % 20 === 0) ctx.checkAborted();
  }
  // Field appearances are redrawn with a standard font, which is not embedded.
  const notes = form.getFields().length > 0 ? pdfaNotKept([pdf.profile], 'form fields were redrawn with a font that is not embedded') : [];
  return [await writePdf(ctx, doc, outputFilename(pdf.filename, 'flattened', 'pdf'), pdf.pages, notes)];
};

/** Draws each annotation's normal appearance into the page content, then removes the annotation. */
function flattenAnnotations(context: PDFContext, page: PDFPage): void {
  const annots = page.node.Annots();
  if (!annots) return;
  const kept: PDFRef[] = [];
  for (let i = 0; i < annots.size(); i++) {
    const ref = annots.get(i);
    const annot = context.lookup(ref);
    if (!(annot instanceof PDFDict)) continue;
    const subtype = annot.get(PDFName.of('Subtype'));
    if (subtype instanceof PDFName && KEPT.has(subtype.decodeText())) {
      if (ref instanceof PDFRef) kept.push(ref);
      continue;
    }
    const flags = annot.lookupMaybe(PDFName.of('F'), PDFNumber)?.asNumber() ?? 0;
    if (flags & (HIDDEN | NO_VIEW)) continue;
    const appearance = normalAppearance(context, annot);
    const rect = annot.lookupMaybe(PDFName.of('Rect'), PDFArray);
    if (!appearance || !rect || rect.size() !== 4) continue;
    drawAppearance(context, page, appearance, rect.asRectangle());
  }
  page.node.set(PDFName.of('Annots'), context.obj(kept));
}

function normalAppearance(context: PDFContext, annot: PDFDict): PDFRef | undefined {
  const ap = annot.lookupMaybe(PDFName.of('AP'), PDFDict);
  const normal = ap?.get(PDFName.of('N'));
  if (normal instanceof PDFRef && context.lookup(normal) instanceof PDFStream) return normal;
  const states = normal instanceof PDFRef ? context.lookup(normal) : normal;
  const state = annot.get(PDFName.of('AS'));
  if (states instanceof PDFDict && state instanceof PDFName) {
    const chosen = states.get(state);
    if (chosen instanceof PDFRef && context.lookup(chosen) instanceof PDFStream) return chosen;
  }
  return undefined;
}

/** Places the appearance so its (Matrix-transformed) BBox fills the annotation's Rect, as readers do. */
function drawAppearance(context: PDFContext, page: PDFPage, ref: PDFRef, rect: { x: number; y: number; width: number; height: number }): void {
  const stream = context.lookup(ref) as PDFStream;
  stream.dict.set(PDFName.of('Type'), PDFName.of('XObject'));
  stream.dict.set(PDFName.of('Subtype'), PDFName.of('Form'));
  const bboxArray = stream.dict.lookupMaybe(PDFName.of('BBox'), PDFArray);
  if (!bboxArray || bboxArray.size() !== 4) return;
  const bbox = bboxArray.asRectangle();
  const m = stream.dict.lookupMaybe(PDFName.of('Matrix'), PDFArray)?.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) ?? [1, 0, 0, 1, 0, 0];
  const corners = [
    [bbox.x, bbox.y],
    [bbox.x + bbox.width, bbox.y],
    [bbox.x, bbox.y + bbox.height],
    [bbox.x + bbox.width, bbox.y + bbox.height],
  ].map(([x, y]) => [m[0]! * x! + m[2]! * y! + m[4]!, m[1]! * x! + m[3]! * y! + m[5]!]);
  const xs = corners.map((c) => c[0]!);
  const ys = corners.map((c) => c[1]!);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const [w, h] = [Math.max(...xs) - minX, Math.max(...ys) - minY];
  if (w <= 0 || h <= 0) return;
  const sx = rect.width / w;
  const sy = rect.height / h;
  const name = page.node.newXObject('FlatAnnot', ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(sx, 0, 0, sy, rect.x - minX * sx, rect.y - minY * sy), drawObject(name), popGraphicsState());
}
