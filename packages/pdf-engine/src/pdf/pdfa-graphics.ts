import { PDFArray, PDFBool, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream, type PDFContext, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';

/**
 * PDF/A's rules on graphics states, images and transparency that live in dictionaries, not in
 * content streams (ISO 19005-1 6.2.8 and 6.4, 19005-2 6.2.5, 6.2.8 and 6.2.10): checked for
 * validate-pdfa and pdf-to-pdfa, and made true by pdf-to-pdfa. PDF/A-2 allows transparency, but only
 * ISO 32000-1's blend modes, and a file without an output intent must name each transparent page's
 * blending colour space.
 */

/** ISO 32000-1 11.3.5's blend modes. */
const BLEND_MODES = new Set(['Normal', 'Compatible', 'Multiply', 'Screen', 'Overlay', 'Darken', 'Lighten', 'ColorDodge', 'ColorBurn', 'HardLight', 'SoftLight', 'Difference', 'Exclusion', 'Hue', 'Saturation', 'Color', 'Luminosity']);

const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);
const dictOf = (object: PDFObject | undefined) => (object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined);

/** Every dictionary in the file, indirect or nested directly in another (pdf-lib writes ExtGStates inline). */
export function* everyDict(doc: PDFDocument): Generator<PDFDict> {
  function* within(object: PDFObject): Generator<PDFDict> {
    const dict = dictOf(object);
    if (dict) {
      yield dict;
      for (const [, value] of dict.entries()) yield* within(value);
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) yield* within(item);
    }
  }
  for (const [, object] of doc.context.enumerateIndirectObjects()) yield* within(object);
}

/** The dictionaries reachable from `start`, references followed once each (a page's resources, say). */
function* dictsUnder(context: PDFContext, start: PDFObject | undefined): Generator<PDFDict> {
  const seen = new Set<PDFObject>();
  const stack = start ? [start] : [];
  while (stack.length > 0) {
    const object = stack.pop()!;
    const value = object instanceof PDFRef ? context.lookup(object) : object;
    if (!value || seen.has(value)) continue;
    seen.add(value);
    const dict = dictOf(value);
    if (dict) {
      yield dict;
      // Upward links lead out of the subtree, to the whole document.
      for (const [key, item] of dict.entries()) if (key !== PDFName.of('Parent') && key !== PDFName.of('P')) stack.push(item);
    } else if (value instanceof PDFArray) stack.push(...value.asArray());
  }
}

const blendModes = (dict: PDFDict) => {
  const value = dict.get(PDFName.of('BM'));
  return (value instanceof PDFArray ? value.asArray() : value ? [value] : []).map((mode) => nameOf(mode) ?? '?');
};

/** Soft masks, constant alpha below 1, blend modes, transparency groups: what makes a dictionary transparent. */
function isTransparent(dict: PDFDict): boolean {
  const smask = dict.get(PDFName.of('SMask'));
  if (smask && nameOf(smask) !== 'None') return true;
  for (const key of ['CA', 'ca']) {
    // A widget's /MK /CA is its caption, a string: only numbers are alpha.
    const alpha = dict.context.lookup(dict.get(PDFName.of(key)));
    if (alpha instanceof PDFNumber && alpha.asNumber() < 1) return true;
  }
  if (blendModes(dict).some((mode) => mode !== 'Normal' && mode !== 'Compatible')) return true;
  return nameOf(dictOf(dict.context.lookup(dict.get(PDFName.of('Group'))))?.get(PDFName.of('S'))) === 'Transparency';
}

/** What PDF/A-1 forbids: any transparency in the file. */
export const usesTransparency = (doc: PDFDocument): boolean => [...everyDict(doc)].some(isTransparent);

/** What is wrong with the file's graphics states, images and transparency, one sentence per rule broken. */
export function graphicsFaults(doc: PDFDocument, hasOutputIntent: boolean): { states?: string; images?: string; groups?: string } {
  const blends = new Set<string>();
  let transfer = false;
  let images = false;
  for (const dict of everyDict(doc)) {
    for (const mode of blendModes(dict)) if (!BLEND_MODES.has(mode)) blends.add(mode);
    const tr2 = dict.get(PDFName.of('TR2'));
    if (dict.has(PDFName.of('TR')) || dict.has(PDFName.of('HTP')) || (tr2 && nameOf(tr2) !== 'Default')) transfer = true;
    if (dict.get(PDFName.of('Interpolate')) === PDFBool.True || dict.has(PDFName.of('Alternates')) || dict.has(PDFName.of('OPI'))) images = true;
  }
  const states = [blends.size > 0 && `blend modes PDF/A does not know (${[...blends].sort().join(', ')})`, transfer && 'transfer functions or halftone phases'].filter(Boolean);
  const ungrouped = hasOutputIntent ? [] : doc.getPages().map((page, i) => ({ page, number: i + 1 })).filter(({ page }) => {
    const group = dictOf(doc.context.lookup(page.node.get(PDFName.of('Group'))));
    return !group?.has(PDFName.of('CS')) && [...dictsUnder(doc.context, page.node.get(PDFName.of('Resources'))), ...(group ? [group] : [])].some(isTransparent);
  });
  return {
    ...(states.length > 0 && { states: `The graphics states use ${states.join(' and ')}.` }),
    ...(images && { images: 'Some images ask to be interpolated, or images and forms carry alternates or OPI links.' }),
    ...(ungrouped.length > 0 && { groups: `With no output intent, transparent pages need a blending colour space: page ${ungrouped.map((p) => p.number).join(', ')}.` }),
  };
}

/**
 * Makes the graphics states and images what PDF/A asks, changing nothing a reader shows: unknown
 * blend modes become Normal (readers draw those so), transfer functions and halftone phases go
 * (readers honouring them are printers), images lose Interpolate, Alternates and OPI.
 */
export function fixGraphics(doc: PDFDocument): void {
  for (const dict of everyDict(doc)) {
    const modes = blendModes(dict);
    if (modes.some((mode) => !BLEND_MODES.has(mode))) dict.set(PDFName.of('BM'), PDFName.of(modes.find((mode) => BLEND_MODES.has(mode)) ?? 'Normal'));
    dict.delete(PDFName.of('TR'));
    dict.delete(PDFName.of('HTP'));
    if (dict.has(PDFName.of('TR2'))) dict.set(PDFName.of('TR2'), PDFName.of('Default'));
    for (const key of ['Interpolate', 'Alternates', 'OPI']) dict.delete(PDFName.of(key));
  }
}
