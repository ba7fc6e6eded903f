import { PDFHexString, PDFName, PDFString, type PDFDocument, type PDFPage } from '@cantoo/pdf-lib';
import type { EditOperation } from '@wattle/shared';
import { colourComponents } from './colour.ts';
import { pageRect, type PageSpace } from './page-space.ts';
import { NOTE_ICON } from './validate.ts';

/**
 * Markup, ink and sticky notes as real PDF annotations, so they show (and stay editable) as comments
 * in Acrobat and pdf.js. Readers draw these kinds from their properties; coordinates are mapped to the
 * page's own space, so they sit right on rotated and cropped pages.
 */

export type Annotation = Extract<EditOperation, { type: 'highlight' | 'underline' | 'strikeout' | 'ink' | 'note' }>;

const SUBTYPES = { highlight: 'Highlight', underline: 'Underline', strikeout: 'StrikeOut', ink: 'Ink', note: 'Text' } as const;
/** Print; notes also keep their size and stay upright whatever the zoom and rotation (NoZoom, NoRotate). */
const PRINT = 4;
const NOTE_FLAGS = PRINT | 8 | 16;

export function addAnnotation(doc: PDFDocument, page: PDFPage, space: PageSpace, annotation: Annotation): void {
  const common = {
    Type: 'Annot',
    Subtype: SUBTYPES[annotation.type],
    P: page.ref,
    C: colourComponents(annotation.type === 'ink' ? annotation.stroke : annotation.color),
    M: PDFString.fromDate(new Date()),
    NM: PDFString.of(crypto.randomUUID()),
  };
  const dict = doc.context.obj({ ...common, ...specifics(space, annotation) });
  const text = annotation.type === 'note' ? annotation.text : annotation.type === 'ink' ? undefined : annotation.comment;
  if (text) dict.set(PDFName.of('Contents'), PDFHexString.fromText(text));
  if (annotation.type === 'note' && annotation.author) dict.set(PDFName.of('T'), PDFHexString.fromText(annotation.author));
  page.node.addAnnot(doc.context.register(dict));
}

function specifics(space: PageSpace, annotation: Annotation): Record<string, unknown> {
  const flat = (points: { x: number; y: number }[]) => points.flatMap((p) => [p.x, p.y]);
  switch (annotation.type) {
    case 'note': {
      const rect = pageRect(space, { x: annotation.x, y: annotation.y, width: NOTE_ICON, height: NOTE_ICON });
      return { Rect: rectArray(rect), Name: 'Comment', F: NOTE_FLAGS, Open: false };
    }
    case 'ink': {
      const strokes = annotation.strokes.map((stroke) => stroke.map((p) => space.toPage(p.x, p.y)));
      const margin = annotation.strokeWidth;
      return { Rect: boundsArray(strokes.flat(), margin), InkList: strokes.map(flat), BS: { W: annotation.strokeWidth }, CA: annotation.opacity, F: PRINT };
    }
    default: {
      // QuadPoints per line: upper-left, upper-right, lower-left, lower-right, as the text reads.
      const quads = annotation.rects.map((r) => [space.toPage(r.x, r.y), space.toPage(r.x + r.width, r.y), space.toPage(r.x, r.y + r.height), space.toPage(r.x + r.width, r.y + r.height)]);
      return { Rect: boundsArray(quads.flat(), 0), QuadPoints: quads.flatMap(flat), CA: annotation.opacity, F: PRINT };
    }
  }
}

const rectArray = (r: { x: number; y: number; width: number; height: number }) => [r.x, r.y, r.x + r.width, r.y + r.height];

function boundsArray(points: { x: number; y: number }[], margin: number): number[] {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return [Math.min(...xs) - margin, Math.min(...ys) - margin, Math.max(...xs) + margin, Math.max(...ys) + margin];
}
