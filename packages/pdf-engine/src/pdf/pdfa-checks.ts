import { decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFStream, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';
import { forbiddenInPdfa } from './active-content.ts';
import { annotationFaults } from './annotation-appearances.ts';
import { profileOfDocument } from './conformance.ts';
import { uncoveredDeviceSpaces } from './device-colours.ts';
import { everyDict, graphicsFaults, usesTransparency } from './pdfa-graphics.ts';
import { infoWithoutXmp } from './pdfa-xmp.ts';
import { mentionsEncryption } from './inspect.ts';

/**
 * The PDF/A rules the engine can verify on its own (no veraPDF here): what pdf-to-pdfa promises and
 * validate-pdfa reports. Glyph widths and the rest of ISO 19005 are not checked.
 */

export const PDFA_LEVELS = ['1b', '2b', '3b'] as const;
export type PdfaLevel = (typeof PDFA_LEVELS)[number];

export interface PdfaCheck {
  id: string;
  /** en-AU, for the report. */
  name: string;
  passed: boolean;
  /** Why it failed, safe to show. */
  detail?: string;
}

const name = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);
/** Font dictionaries (not Type 3, which are drawn with PDF operators) whose descriptor carries no font file. */
export function unembeddedFontDicts(doc: PDFDocument): Set<PDFDict> {
  const missing = new Set<PDFDict>();
  for (const dict of everyDict(doc)) {
    if (name(dict.get(PDFName.of('Type'))) !== 'Font') continue;
    const subtype = name(dict.get(PDFName.of('Subtype')));
    if (subtype === 'Type3' || subtype === 'Type0') continue; // a Type 0 font's descendant is checked on its own
    const descriptor = dict.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    if (!['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.has(PDFName.of(key)))) missing.add(dict);
  }
  return missing;
}

export function unembeddedFonts(doc: PDFDocument): string[] {
  const names = [...unembeddedFontDicts(doc)].map((dict) => (name(dict.get(PDFName.of('BaseFont'))) ?? 'unnamed font').replace(/^[A-Z]{6}\+/, ''));
  return [...new Set(names)].sort();
}

function hasScripts(doc: PDFDocument): boolean {
  if (doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.has(PDFName.of('JavaScript'))) return true;
  for (const dict of everyDict(doc)) {
    if ((dict.has(PDFName.of('JS')) || dict.has(PDFName.of('AA')) || name(dict.get(PDFName.of('S'))) === 'JavaScript')) return true;
  }
  return false;
}

/** Actions PDF/A forbids that are not scripts: media, form resets, hiding, layers, named actions other than page turns. */
function forbiddenActions(doc: PDFDocument): string | undefined {
  const types = new Set<string>();
  for (const dict of everyDict(doc)) {
    const type = name(dict.get(PDFName.of('S')));
    if (type && type !== 'JavaScript' && (dict.has(PDFName.of('Type')) ? name(dict.get(PDFName.of('Type'))) === 'Action' : true) && forbiddenInPdfa(dict)) types.add(type);
  }
  return types.size === 0 ? undefined : `The file has actions PDF/A does not allow: ${[...types].sort().join(', ')}.`;
}

/** The PDF/A output intent's profile, if there is one. */
function outputIntentProfile(doc: PDFDocument): PDFStream | undefined {
  const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  for (let i = 0; i < (intents?.size() ?? 0); i++) {
    const intent = doc.context.lookup(intents!.get(i));
    const profile = intent instanceof PDFDict && name(intent.get(PDFName.of('S'))) === 'GTS_PDFA1' ? intent.lookup(PDFName.of('DestOutputProfile')) : undefined;
    if (profile instanceof PDFStream) return profile;
  }
  return undefined;
}

/** Device RGB or CMYK colour with no Default colour space must match the output intent's profile. */
function deviceColourMismatch(doc: PDFDocument): string | undefined {
  const components = outputIntentProfile(doc)?.dict.lookupMaybe(PDFName.of('N'), PDFNumber)?.asNumber();
  const used = uncoveredDeviceSpaces(doc);
  const wrong = [...used].filter((space) => components !== (space === 'rgb' ? 3 : 4)).map((space) => (space === 'rgb' ? 'DeviceRGB' : 'DeviceCMYK'));
  if (wrong.length === 0) return undefined;
  const intent = components === 4 ? 'a CMYK' : components === 3 ? 'an RGB' : components === 1 ? 'a grey' : 'no';
  return `The pages use ${wrong.join(' and ')} colour, but the file has ${intent} output intent.`;
}

/** LZW was patent-encumbered when PDF/A was written, so every part forbids it (ISO 19005-1 6.1.10, 19005-2 6.1.7.2). */
function usesLzw(doc: PDFDocument): boolean {
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    const filters = filter instanceof PDFArray ? filter.asArray() : [filter];
    if (filters.some((f) => name(f) === 'LZWDecode')) return true;
  }
  return false;
}

function hasEmbeddedFiles(doc: PDFDocument): boolean {
  if (doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.has(PDFName.of('EmbeddedFiles'))) return true;
  for (const dict of everyDict(doc)) {
    if (name(dict.get(PDFName.of('Subtype'))) === 'FileAttachment') return true;
  }
  return false;
}

/** The XMP stream as PDF/A needs it: in the catalog, unfiltered, claiming the level. */
function xmpClaim(doc: PDFDocument, level: PdfaLevel): string | undefined {
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  if (!(metadata instanceof PDFRawStream)) return 'The PDF has no XMP metadata.';
  if (metadata.dict.has(PDFName.of('Filter'))) return 'The XMP metadata is compressed.';
  const claim = profileOfDocument(doc).pdfa;
  if (claimedLevel(doc) !== level) return claim ? `The XMP metadata claims ${claim}, not PDF/A-${level}.` : 'The XMP metadata does not claim PDF/A.';
  return undefined;
}

/** Document information that XMP does not repeat (PDF/A wants the two to agree). */
function infoDisagreement(doc: PDFDocument): string | undefined {
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  let xmp = '';
  try {
    if (metadata instanceof PDFRawStream) xmp = Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8');
  } catch {
    // An unreadable packet agrees with nothing.
  }
  const differing = infoWithoutXmp(doc, xmp);
  return differing.length === 0 ? undefined : `The document information's ${differing.join(', ')} ${differing.length === 1 ? 'is' : 'are'} not the same in the XMP metadata.`;
}

/** Checks `doc` (loaded from `bytes`) against `level`. */
export function checkPdfa(doc: PDFDocument, bytes: Buffer, level: PdfaLevel): PdfaCheck[] {
  const check = (id: string, checkName: string, failure: string | undefined): PdfaCheck => ({ id, name: checkName, passed: !failure, ...(failure && { detail: failure }) });
  const partOne = level === '1b';
  const version = Number(/%PDF-(\d\.\d)/.exec(bytes.toString('latin1', 0, 1024))?.[1] ?? 0);
  const fonts = unembeddedFonts(doc);
  const annotations = annotationFaults(doc, level);
  const graphics = graphicsFaults(doc, outputIntentProfile(doc) !== undefined);
  const checks = [
    check('version', `PDF version ${partOne ? '1.4' : '1.7'} or earlier`, version > 0 && version <= (partOne ? 1.4 : 1.7) ? undefined : `The file is PDF ${version || 'of no stated version'}.`),
    check('metadata', `XMP metadata claims PDF/A-${level}`, xmpClaim(doc, level)),
    check('info-xmp', 'Document information matches the XMP metadata', infoDisagreement(doc)),
    check('output-intent', 'Output intent with an ICC colour profile', outputIntentProfile(doc) ? undefined : 'There is no PDF/A output intent.'),
    check('colours', 'Device colours match the output intent', deviceColourMismatch(doc)),
    check('fonts', 'Every font embedded', fonts.length === 0 ? undefined : `Fonts not embedded: ${fonts.join(', ')}.`),
    check('encryption', 'Not encrypted', mentionsEncryption(bytes) && doc.context.trailerInfo.Encrypt ? 'The file is encrypted.' : undefined),
    check('scripts', 'No JavaScript or automatic actions', hasScripts(doc) ? 'The file has JavaScript or actions that run by themselves.' : undefined),
    check('actions', 'Only actions PDF/A allows', forbiddenActions(doc)),
    check('annotations', 'Comments and fields are printed and visible', annotations.shown),
    check('annotation-kinds', 'Only kinds of annotation PDF/A allows', annotations.kinds),
    check('appearances', 'Every comment and field has one normal appearance', annotations.appearances),
    check('form', 'Form fields drawn, with no XFA and no field actions', annotations.form),
    check('graphics-states', 'Standard blend modes, no transfer functions', graphics.states),
    check('images', 'Images not interpolated, no alternates', graphics.images),
    check('transparency-groups', 'Transparent pages name their blending colour space', graphics.groups),
    check('filters', 'No LZW compression', usesLzw(doc) ? 'Some streams are LZW-compressed, which PDF/A does not allow.' : undefined),
    check('file-id', 'File identifier in the trailer', doc.context.trailerInfo.ID ? undefined : 'The trailer has no file identifier.'),
  ];
  if (level !== '3b') checks.push(check('attachments', 'No attached files', hasEmbeddedFiles(doc) ? `PDF/A-${level} cannot hold attached files; PDF/A-3b can.` : undefined));
  if (partOne) {
    checks.push(
      check('transparency', 'No transparency', usesTransparency(doc) ? 'The file uses transparency, which PDF/A-1 does not allow.' : undefined),
      check('object-streams', 'No object streams', bytes.includes('/ObjStm') || /\/Type\s*\/XRef\b/.test(bytes.toString('latin1')) ? 'The file uses object or cross-reference streams.' : undefined),
    );
  }
  return checks;
}

/** The level a file claims, if it claims one this checker knows; levels a and u include b. */
export function claimedLevel(doc: PDFDocument): PdfaLevel | undefined {
  const claim = profileOfDocument(doc).pdfa?.replace('PDF/A-', '').replace(/[au]$/, 'b');
  return PDFA_LEVELS.find((level) => level === claim);
}
