import { PDFArray, PDFBool, PDFButton, PDFCheckBox, PDFDict, PDFDropdown, PDFHexString, PDFName, PDFNumber, PDFOptionList, PDFRadioGroup, PDFRef, PDFStream, PDFString, PDFTextField, type PDFDocument, type PDFField, type PDFFont, type PDFObject } from '@cantoo/pdf-lib';
import { embeddedFont, parsedFont, type FontScript } from './fonts.ts';
import type { PdfaLevel } from './pdfa-checks.ts';

/**
 * What PDF/A asks of comments and form fields (ISO 19005-1 6.5 and 6.9, 19005-2 6.3 and 6.4), checked
 * here and made true by pdf-to-pdfa: annotations of kinds PDF/A allows, each printed and visible with
 * one normal appearance (popups and links may have none), and no field left for the reader to draw
 * (NeedAppearances). Appearances a producer left out (pdfkit, our own editor, LibreOffice's empty
 * field streams) are drawn from the annotation's own geometry and colour, as readers draw them.
 */

const INVISIBLE = 1;
const HIDDEN = 2;
const PRINT = 4;
const NO_ZOOM = 8;
const NO_ROTATE = 16;
const NO_VIEW = 32;
const TOGGLE_NO_VIEW = 256;
const NOT_SHOWN = INVISIBLE | HIDDEN | NO_VIEW | TOGGLE_NO_VIEW;

/** ISO 32000-1's annotation types; PDF/A-2 forbids 3D, Sound, Screen and Movie, PDF/A-1 what PDF 1.4 lacks and media. */
const PDF17_TYPES = ['Text', 'Link', 'FreeText', 'Line', 'Square', 'Circle', 'Polygon', 'PolyLine', 'Highlight', 'Underline', 'Squiggly', 'StrikeOut', 'Stamp', 'Caret', 'Ink', 'Popup', 'FileAttachment', 'Widget', 'PrinterMark', 'TrapNet', 'Watermark'];
const ALLOWED_TYPES: Record<PdfaLevel, Set<string>> = {
  '1b': new Set(PDF17_TYPES.filter((type) => !['Polygon', 'PolyLine', 'Caret', 'Watermark'].includes(type))),
  '2b': new Set(PDF17_TYPES),
  '3b': new Set(PDF17_TYPES),
};
/** Annotations that may go without an appearance (19005-2 6.3.3). */
const WITHOUT_APPEARANCE = new Set(['Popup', 'Link']);

/** `dict[key]` if it is a `type`: producers put the odd kind of object anywhere, which is no reason to fail. */
function at<T extends PDFObject>(dict: PDFDict | undefined, key: string, type: { prototype: T }): T | undefined {
  const value = dict?.context.lookup(dict.get(PDFName.of(key)));
  return value !== undefined && Object.prototype.isPrototypeOf.call(type.prototype, value) ? (value as T) : undefined;
}

const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);
const arrayOf = (value: PDFObject | undefined) => (value instanceof PDFArray ? value : undefined);
const numbers = (array: PDFArray | undefined) => array?.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) ?? [];

function* annotations(doc: PDFDocument): Generator<{ annot: PDFDict; subtype: string; annots: PDFArray; index: number }> {
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    for (let index = (annots?.size() ?? 0) - 1; index >= 0; index--) {
      const annot = doc.context.lookup(annots!.get(index));
      if (annot instanceof PDFDict) yield { annot, subtype: nameOf(annot.get(PDFName.of('Subtype'))) ?? 'none', annots: annots!, index };
    }
  }
}

/** A zero-sized annotation (a signature placeholder) shows nothing, so it needs no appearance. */
const sized = (annot: PDFDict) => {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = numbers(at(annot, 'Rect', PDFArray));
  return x1 !== x2 || y1 !== y2;
};

/** What is wrong with the file's annotations and form for `level`, one sentence per rule broken. */
export function annotationFaults(doc: PDFDocument, level: PdfaLevel): { shown?: string; kinds?: string; appearances?: string; form?: string } {
  const kinds = new Set<string>();
  const withoutAppearance = new Set<string>();
  let hidden = false;
  for (const { annot, subtype } of annotations(doc)) {
    if (!ALLOWED_TYPES[level].has(subtype)) kinds.add(subtype);
    if (subtype === 'Popup') continue;
    const flags = at(annot, 'F', PDFNumber)?.asNumber() ?? 0;
    if (!(flags & PRINT) || flags & NOT_SHOWN || (subtype === 'Text' && (flags & (NO_ZOOM | NO_ROTATE)) !== (NO_ZOOM | NO_ROTATE))) hidden = true;
    if (appearanceFault(doc, annot, subtype)) withoutAppearance.add(subtype);
  }
  const acroForm = at(doc.catalog, 'AcroForm', PDFDict);
  const formFaults = [
    acroForm?.get(PDFName.of('NeedAppearances')) === PDFBool.True && 'it leaves its fields for the reader to draw (NeedAppearances)',
    acroForm?.has(PDFName.of('XFA')) && 'it holds an XFA form',
    level !== '1b' && fieldsWithActions(doc).length > 0 && 'some fields run actions',
  ].filter(Boolean);
  const list = (set: Set<string>) => [...set].sort().join(', ');
  return {
    ...(hidden && { shown: 'Some comments or fields are hidden or not printed, or notes scale and turn with the page.' }),
    ...(kinds.size > 0 && { kinds: `PDF/A-${level} does not allow these kinds of annotation: ${list(kinds)}.` }),
    ...(withoutAppearance.size > 0 && { appearances: `These annotations have no single normal appearance: ${list(withoutAppearance)}.` }),
    ...(formFaults.length > 0 && { form: `The form is not fixed: ${formFaults.join('; ')}.` }),
  };
}

/** An appearance dictionary with N alone, N a stream (a state dictionary for buttons); none only where allowed. */
function appearanceFault(doc: PDFDocument, annot: PDFDict, subtype: string): boolean {
  const ap = at(annot, 'AP', PDFDict);
  if (!ap) return !WITHOUT_APPEARANCE.has(subtype) && sized(annot);
  if (ap.keys().some((key) => key !== PDFName.of('N'))) return true;
  const normal = ap.lookup(PDFName.of('N'));
  const button = subtype === 'Widget' && nameOf(fieldValue(doc, annot, 'FT')) === 'Btn';
  if (!button) return !(normal instanceof PDFStream);
  // States drawn in a dictionary need the one in force named (ISO 32000-1 12.5.5).
  return !(normal instanceof PDFDict && annot.get(PDFName.of('AS')) instanceof PDFName);
}

/** A field attribute, inherited from the field's parents as ISO 32000-1 12.7.3.1 says. */
function fieldValue(doc: PDFDocument, dict: PDFDict, key: string, depth = 0): PDFObject | undefined {
  const value = dict.get(PDFName.of(key));
  if (value !== undefined || depth > 32) return value;
  const parent = at(dict, 'Parent', PDFDict);
  return parent ? fieldValue(doc, parent, key, depth + 1) : undefined;
}

/** Widgets and fields with an /A action, which PDF/A-2 forbids (19005-2 6.4.1); /AA is active content, removed before. */
function fieldsWithActions(doc: PDFDocument): PDFDict[] {
  const found: PDFDict[] = [];
  for (const { annot, subtype } of annotations(doc)) {
    if (subtype !== 'Widget') continue;
    for (let dict: PDFDict | undefined = annot, depth = 0; dict && depth < 32; dict = at(dict, 'Parent', PDFDict), depth++) {
      if (dict.has(PDFName.of('A'))) found.push(dict);
    }
  }
  return found;
}

/**
 * Makes the annotations and the form what `level` asks: forbidden kinds go (media, 3D), fields get
 * appearances drawn with the value they hold, every other annotation without one gets it drawn, each
 * is printed and shown, and NeedAppearances goes. Fonts it draws with are embedded when the document is saved.
 */
export async function fixAnnotations(doc: PDFDocument, level: PdfaLevel): Promise<void> {
  for (const { annots, index, subtype } of annotations(doc)) if (!ALLOWED_TYPES[level].has(subtype) && subtype !== 'FileAttachment') annots.remove(index);
  await drawFieldAppearances(doc);
  if (level !== '1b') for (const dict of fieldsWithActions(doc)) dict.delete(PDFName.of('A'));
  for (const { annot, subtype } of annotations(doc)) {
    const flags = at(annot, 'F', PDFNumber)?.asNumber() ?? 0;
    if (subtype !== 'Popup') annot.set(PDFName.of('F'), PDFNumber.of(((flags | PRINT) & ~NOT_SHOWN) | (subtype === 'Text' ? NO_ZOOM | NO_ROTATE : 0)));
    const ap = at(annot, 'AP', PDFDict);
    for (const key of ap?.keys() ?? []) if (key !== PDFName.of('N')) ap!.delete(key);
    if (subtype === 'Widget') settleButtonState(doc, annot);
    if (appearanceFault(doc, annot, subtype) && subtype !== 'Widget') await drawAppearance(doc, annot, subtype);
  }
}

/**
 * Fields a reader was told to draw (NeedAppearances) or that have no appearance get one drawn by
 * pdf-lib with the value they hold, in a Noto face that has the value's characters; the form's
 * default fonts that are not embedded then name that face, so a reader that redraws a field keeps it.
 */
async function drawFieldAppearances(doc: PDFDocument): Promise<void> {
  const acroForm = at(doc.catalog, 'AcroForm', PDFDict);
  if (!acroForm) return;
  const redrawAll = acroForm.get(PDFName.of('NeedAppearances')) === PDFBool.True;
  let drawnWith: PDFFont | undefined;
  for (const field of doc.getForm().getFields()) {
    const widgets = field.acroField.getWidgets();
    if (!redrawAll && widgets.every((widget) => !appearanceFault(doc, widget.dict, 'Widget'))) continue;
    if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) {
      for (const widget of widgets) settleButtonState(doc, widget.dict);
      field.defaultUpdateAppearances();
    } else if (field instanceof PDFTextField || field instanceof PDFDropdown || field instanceof PDFOptionList || field instanceof PDFButton) {
      drawnWith = await fontFor(doc, textOf(field));
      field.defaultUpdateAppearances(drawnWith);
    }
  }
  acroForm.delete(PDFName.of('NeedAppearances'));
  if (drawnWith) useForDefaultFonts(doc, acroForm, drawnWith);
}

const textOf = (field: PDFField) =>
  field instanceof PDFTextField ? (field.getText() ?? '') : field instanceof PDFDropdown || field instanceof PDFOptionList ? field.getOptions().join('') : '';

/** The first Noto face with every character of `text` (Latin when none has them all). */
async function fontFor(doc: PDFDocument, text: string): Promise<PDFFont> {
  const scripts: FontScript[] = ['latin', 'arabic', 'gurmukhi', 'simplified-han', 'traditional-han'];
  const points = [...text.replace(/\s/g, '')].map((ch) => ch.codePointAt(0)!);
  for (const script of scripts) {
    const face = await parsedFont(script);
    if (points.every((point) => face.hasGlyphForCodePoint(point))) return embeddedFont(doc, script);
  }
  return embeddedFont(doc, 'latin');
}

/**
 * A button's state names its drawn appearance: LibreOffice's check box is /Yes with its "on" drawn as
 * /on, so the drawing takes the state's name, as the reader that drew it meant; a state missing
 * (pdfkit) is the field's value when that is drawn, else Off.
 */
function settleButtonState(doc: PDFDocument, widget: PDFDict): void {
  const normal = at(at(widget, 'AP', PDFDict), 'N', PDFDict);
  if (!normal) return;
  const state = widget.get(PDFName.of('AS'));
  const onStates = normal.keys().filter((key) => key !== PDFName.of('Off'));
  if (state instanceof PDFName && state !== PDFName.of('Off') && !normal.has(state) && onStates.length === 1) {
    normal.set(state, normal.get(onStates[0]!)!);
    normal.delete(onStates[0]!);
  }
  if (state instanceof PDFName) return;
  const value = fieldValue(doc, widget, 'V');
  widget.set(PDFName.of('AS'), value instanceof PDFName && normal.has(value) ? value : PDFName.of('Off'));
}

function useForDefaultFonts(doc: PDFDocument, acroForm: PDFDict, font: PDFFont): void {
  const fonts = at(at(acroForm, 'DR', PDFDict), 'Font', PDFDict);
  for (const [key, value] of fonts?.entries() ?? []) {
    const old = doc.context.lookup(value);
    const descriptor = old instanceof PDFDict ? at(old, 'FontDescriptor', PDFDict) : undefined;
    if (['FontFile', 'FontFile2', 'FontFile3'].some((file) => descriptor?.has(PDFName.of(file)))) continue;
    fonts!.set(key, font.ref);
    // The old font goes with its last use, so no unembedded font is left behind in the file.
    if (value instanceof PDFRef && !isReferenced(doc, value)) doc.context.delete(value);
  }
}

function isReferenced(doc: PDFDocument, ref: PDFRef): boolean {
  const within = (object: PDFObject): boolean => {
    if (object === ref) return true;
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) return dict.values().some(within);
    return object instanceof PDFArray && object.asArray().some(within);
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) if (within(object)) return true;
  return false;
}

/** PDF colour operators for an annotation's colour array (none for an empty or missing one). */
function colour(array: PDFArray | undefined, stroke: boolean): string | undefined {
  const c = numbers(array);
  const op = { 1: 'g', 3: 'rg', 4: 'k' }[c.length];
  return op ? `${c.join(' ')} ${stroke ? op.toUpperCase() : op}` : undefined;
}

/**
 * The appearance a reader draws for a comment with none, in page space (BBox = Rect): shapes, lines
 * and ink in their colour and width, text markup from its quadrilaterals, a note icon, free text in
 * Noto. Kinds with nothing to draw from (carets, stamps without a name we can draw) get an empty one.
 */
async function drawAppearance(doc: PDFDocument, annot: PDFDict, subtype: string): Promise<void> {
  const get = (key: string) => at(annot, key, PDFArray);
  const rect = numbers(get('Rect'));
  const [x1, y1, x2, y2] = [Math.min(rect[0]!, rect[2]!), Math.min(rect[1]!, rect[3]!), Math.max(rect[0]!, rect[2]!), Math.max(rect[1]!, rect[3]!)];
  const width = at(at(annot, 'BS', PDFDict), 'W', PDFNumber)?.asNumber() ?? 1;
  const stroke = colour(get('C'), true) ?? '0 G';
  const fill = colour(get('IC'), false);
  const resources = doc.context.obj({});
  const path = (points: number[], close: boolean) => points.reduce((ops, n, i) => (i % 2 ? `${ops} ${n} ${i === 1 ? 'm' : 'l'}` : `${ops} ${n}`), '') + (close ? ' h' : '');
  const quads = () => {
    const q = numbers(get('QuadPoints'));
    return Array.from({ length: Math.floor(q.length / 8) }, (_, i) => q.slice(i * 8, i * 8 + 8));
  };
  let ops = '';
  switch (subtype) {
    case 'Square':
    case 'Circle': {
      const [l, b, w, h] = [x1 + width / 2, y1 + width / 2, x2 - x1 - width, y2 - y1 - width];
      const shape = subtype === 'Square' ? `${l} ${b} ${w} ${h} re` : ellipse(l, b, w, h);
      ops = `${width} w ${stroke} ${fill ?? ''} ${shape} ${fill ? (width > 0 ? 'B' : 'f') : width > 0 ? 'S' : 'n'}`;
      break;
    }
    case 'Line':
      ops = `${width} w ${stroke} ${path(numbers(get('L')), false)} S`;
      break;
    case 'Polygon':
    case 'PolyLine':
      ops = `${width} w ${stroke} ${fill ?? ''} ${path(numbers(get('Vertices')), subtype === 'Polygon')} ${subtype === 'Polygon' && fill ? 'B' : 'S'}`;
      break;
    case 'Ink':
      ops = `${width} w 1 J 1 j ${stroke} ${(get('InkList')?.asArray() ?? []).map((s) => `${path(numbers(arrayOf(doc.context.lookup(s))), false)} S`).join(' ')}`;
      break;
    case 'Highlight':
      // Multiplied, as readers draw highlights, so the text under them stays legible.
      resources.set(PDFName.of('ExtGState'), doc.context.obj({ Highlight: { Type: 'ExtGState', BM: 'Multiply' } }));
      ops = `/Highlight gs ${colour(get('C'), false) ?? '1 1 0 rg'} ${quads().map((q) => path([q[0]!, q[1]!, q[2]!, q[3]!, q[6]!, q[7]!, q[4]!, q[5]!], true)).join(' ')} f`;
      break;
    case 'Underline':
    case 'StrikeOut':
    case 'Squiggly':
      ops = `${stroke} ${quads().map((q) => markupLine(subtype, q)).join(' ')}`;
      break;
    case 'Text':
      ops = `${colour(get('C'), false) ?? '1 0.9 0.3 rg'} 0.5 w 0 G ${x1 + 0.5} ${y1 + 0.5} ${x2 - x1 - 1} ${y2 - y1 - 1} re B ${[0.3, 0.5, 0.7].map((f) => `${x1 + (x2 - x1) * 0.2} ${y1 + (y2 - y1) * f} m ${x1 + (x2 - x1) * 0.8} ${y1 + (y2 - y1) * f} l`).join(' ')} S`;
      break;
    case 'FreeText': {
      const text = textAt(doc, annot, 'Contents');
      const size = Number(/([\d.]+)\s+Tf/.exec(textAt(doc, annot, 'DA'))?.[1]) || 12;
      const font = await fontFor(doc, text);
      resources.set(PDFName.of('Font'), doc.context.obj({ F0: font.ref }));
      const lines = text.split(/\r\n|\r|\n/).map((line, i) => `1 0 0 1 ${x1 + 2} ${y2 - 2 - size * (i + 1)} Tm ${font.encodeText(line).toString()} Tj`);
      ops = `${x1} ${y1} ${x2 - x1} ${y2 - y1} re W n BT /F0 ${size} Tf ${colour(get('C'), false) ?? '0 g'} ${lines.join(' ')} ET`;
      break;
    }
  }
  const stream = doc.context.stream(ops, { Type: 'XObject', Subtype: 'Form', BBox: [x1, y1, x2, y2], Resources: resources });
  annot.set(PDFName.of('AP'), doc.context.obj({ N: doc.context.register(stream) }));
}

function textAt(doc: PDFDocument, dict: PDFDict, key: string): string {
  const value = doc.context.lookup(dict.get(PDFName.of(key)));
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : '';
}

/** An underline just above the quadrilateral's foot, a strike-out through its middle, a squiggle along its foot. */
function markupLine(subtype: string, q: number[]): string {
  const [ax, ay, bx, by, cx, cy, dx, dy] = q as [number, number, number, number, number, number, number, number];
  const height = Math.hypot(ax - cx, ay - cy);
  const at = (f: number) => [cx + (ax - cx) * f, cy + (ay - cy) * f, dx + (bx - dx) * f, dy + (by - dy) * f] as const;
  const lineWidth = Math.max(0.5, height / 14);
  if (subtype !== 'Squiggly') {
    const [sx, sy, ex, ey] = at(subtype === 'Underline' ? 0.07 : 0.45);
    return `${lineWidth} w ${sx} ${sy} m ${ex} ${ey} l S`;
  }
  const [sx, sy, ex, ey] = at(0.05);
  const steps = Math.max(2, Math.round(Math.hypot(ex - sx, ey - sy) / (height / 4)));
  const points = Array.from({ length: steps + 1 }, (_, i) => `${sx + ((ex - sx) * i) / steps} ${sy + ((ey - sy) * i) / steps + (i % 2 ? height / 10 : 0)} ${i === 0 ? 'm' : 'l'}`);
  return `${lineWidth} w ${points.join(' ')} S`;
}

/** An ellipse in the box, from four Bézier curves. */
function ellipse(x: number, y: number, w: number, h: number): string {
  const k = 0.5523;
  const [cx, cy, rx, ry] = [x + w / 2, y + h / 2, w / 2, h / 2];
  return [
    `${cx + rx} ${cy} m`,
    `${cx + rx} ${cy + ry * k} ${cx + rx * k} ${cy + ry} ${cx} ${cy + ry} c`,
    `${cx - rx * k} ${cy + ry} ${cx - rx} ${cy + ry * k} ${cx - rx} ${cy} c`,
    `${cx - rx} ${cy - ry * k} ${cx - rx * k} ${cy - ry} ${cx} ${cy - ry} c`,
    `${cx + rx * k} ${cy - ry} ${cx + rx} ${cy - ry * k} ${cx + rx} ${cy} c h`,
  ].join(' ');
}
