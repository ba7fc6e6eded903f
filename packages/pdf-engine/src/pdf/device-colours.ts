import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';
import { ContentNotUnderstood, pageContentBytes, parseContent, streamBytes, type ContentOp, type Operand } from './content-ops.ts';

/**
 * Which device colour spaces (DeviceRGB, DeviceCMYK) a document paints with where no Default colour
 * space makes them device-independent: PDF/A allows those only when the output intent's profile has
 * the same colour space. Content streams (pages, forms, patterns, glyphs, appearances) are read for
 * rg/RG, k/K, cs/CS and inline images, and their resources for images, shadings and colour spaces.
 */

export type DeviceSpace = 'rgb' | 'cmyk';

const DEVICE: Record<string, DeviceSpace> = { DeviceRGB: 'rgb', RGB: 'rgb', DeviceCMYK: 'cmyk', CMYK: 'cmyk' };
const DEFAULT_KEY: Record<DeviceSpace, string> = { rgb: 'DefaultRGB', cmyk: 'DefaultCMYK' };

interface Scope {
  resources: PDFDict | undefined;
  /** Default colour spaces in force: the stream's own resources', else those it inherits. */
  defaults: Set<DeviceSpace>;
}

export function uncoveredDeviceSpaces(doc: PDFDocument): Set<DeviceSpace> {
  const found = new Set<DeviceSpace>();
  const visited = new Set<PDFObject>();
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);

  const defaultsOf = (resources: PDFDict | undefined, inherited: Set<DeviceSpace>) => {
    const spaces = resources?.lookupMaybe(PDFName.of('ColorSpace'), PDFDict);
    if (!spaces) return inherited;
    return new Set((['rgb', 'cmyk'] as const).filter((space) => spaces.has(PDFName.of(DEFAULT_KEY[space]))));
  };
  const use = (space: DeviceSpace | undefined, scope: Scope) => {
    if (space && !scope.defaults.has(space)) found.add(space);
  };

  /** A colour space object, named in content or given in a dictionary. */
  const colourSpace = (object: PDFObject | undefined, scope: Scope, depth = 0): void => {
    const cs = lookup(object);
    if (depth > 8 || cs === undefined) return;
    if (cs instanceof PDFName) {
      const named = cs.decodeText();
      if (DEVICE[named]) return use(DEVICE[named], scope);
      if (named === 'Pattern') return;
      return colourSpace(scope.resources?.lookupMaybe(PDFName.of('ColorSpace'), PDFDict)?.get(cs), scope, depth + 1);
    }
    if (!(cs instanceof PDFArray) || cs.size() === 0) return;
    const family = lookup(cs.get(0));
    const kind = family instanceof PDFName ? family.decodeText() : '';
    if (kind === 'Indexed' || kind === 'I' || kind === 'Pattern') colourSpace(cs.get(1), scope, depth + 1);
    else if (kind === 'Separation') colourSpace(cs.get(2), scope, depth + 1);
    else if (kind === 'DeviceN') colourSpace(cs.get(2), scope, depth + 1);
    else if (DEVICE[kind]) use(DEVICE[kind], scope);
  };
  const operandSpace = (operand: Operand | undefined, scope: Scope) => {
    if (operand && typeof operand === 'object' && 'name' in operand) colourSpace(PDFName.of(operand.name), scope);
    else if (Array.isArray(operand) && operand[0] && typeof operand[0] === 'object' && 'name' in operand[0]) {
      const base = operand[1];
      if (base && typeof base === 'object' && 'name' in base) colourSpace(PDFName.of(base.name), scope);
    }
  };

  const shading = (object: PDFObject | undefined, scope: Scope) => {
    const dict = lookup(object);
    const shadingDict = dict instanceof PDFRawStream ? dict.dict : dict;
    if (shadingDict instanceof PDFDict) colourSpace(shadingDict.get(PDFName.of('ColorSpace')), scope);
  };

  /** A content stream and everything its resources hold. */
  const content = (read: () => Uint8Array, resources: PDFDict | undefined, inherited: Set<DeviceSpace>) => {
    const scope: Scope = { resources, defaults: defaultsOf(resources, inherited) };
    let ops: ContentOp[];
    let bytes: Uint8Array = new Uint8Array();
    try {
      bytes = read();
      ops = parseContent(bytes);
    } catch (error) {
      if (!(error instanceof ContentNotUnderstood)) throw error;
      // Unreadable content might paint with anything.
      use('rgb', scope);
      use('cmyk', scope);
      ops = [];
    }
    for (const { op, args } of ops) {
      if (op === 'rg' || op === 'RG') use('rgb', scope);
      else if (op === 'k' || op === 'K') use('cmyk', scope);
      else if (op === 'cs' || op === 'CS') operandSpace(args[0], scope);
      else if (op === 'sh') shading(scope.resources?.lookupMaybe(PDFName.of('Shading'), PDFDict)?.get(PDFName.of(nameOf(args[0]))), scope);
    }
    inlineImages(bytes, ops, scope);
    if (!resources) return;
    for (const [, ref] of resources.lookupMaybe(PDFName.of('XObject'), PDFDict)?.entries() ?? []) xobject(ref, scope);
    for (const [, ref] of resources.lookupMaybe(PDFName.of('Pattern'), PDFDict)?.entries() ?? []) pattern(ref, scope);
    for (const [, ref] of resources.lookupMaybe(PDFName.of('Shading'), PDFDict)?.entries() ?? []) shading(ref, scope);
    for (const [, ref] of resources.lookupMaybe(PDFName.of('Font'), PDFDict)?.entries() ?? []) type3Glyphs(ref, scope);
  };

  /** BI's dictionary stays in the bytes (the tokeniser skips it): its /CS, possibly [/I base …], names the space. */
  const inlineImages = (bytes: Uint8Array, ops: ContentOp[], scope: Scope) => {
    for (const { op, start, end } of ops) {
      if (op !== 'BI') continue;
      const header = Buffer.from(bytes.subarray(start, end)).toString('latin1').split(/\sID\s/)[0]!;
      const space = /\/(?:CS|ColorSpace)\s*(?:\[\s*\/(?:I|Indexed)\s*)?\/([^\s/[\]<>()]+)/.exec(header)?.[1];
      if (space) colourSpace(PDFName.of(space), scope);
    }
  };

  const once = (ref: PDFObject | undefined) => {
    const object = lookup(ref);
    if (!object || visited.has(object)) return undefined;
    visited.add(object);
    return object;
  };

  const xobject = (ref: PDFObject | undefined, scope: Scope) => {
    const object = once(ref);
    if (!(object instanceof PDFRawStream)) return;
    const subtype = object.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText();
    if (subtype === 'Image') {
      if (!object.dict.has(PDFName.of('ImageMask'))) colourSpace(object.dict.get(PDFName.of('ColorSpace')), scope);
    } else if (subtype === 'Form') {
      const group = object.dict.lookupMaybe(PDFName.of('Group'), PDFDict);
      if (group) colourSpace(group.get(PDFName.of('CS')), scope);
      content(() => streamBytes(object), object.dict.lookupMaybe(PDFName.of('Resources'), PDFDict), scope.defaults);
    }
  };
  const pattern = (ref: PDFObject | undefined, scope: Scope) => {
    const object = once(ref);
    if (object instanceof PDFRawStream) content(() => streamBytes(object), object.dict.lookupMaybe(PDFName.of('Resources'), PDFDict), scope.defaults);
    else if (object instanceof PDFDict) shading(object.get(PDFName.of('Shading')), scope);
  };
  const type3Glyphs = (ref: PDFObject | undefined, scope: Scope) => {
    const font = once(ref);
    if (!(font instanceof PDFDict) || font.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() !== 'Type3') return;
    const resources = font.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? scope.resources;
    for (const [, glyph] of font.lookupMaybe(PDFName.of('CharProcs'), PDFDict)?.entries() ?? []) {
      const stream = lookup(glyph);
      if (stream instanceof PDFRawStream) content(() => streamBytes(stream), resources, scope.defaults);
    }
  };

  for (const page of doc.getPages()) {
    const resources = page.node.Resources();
    const pageScope: Scope = { resources, defaults: defaultsOf(resources, new Set()) };
    content(() => pageContentBytes(page.node), resources, new Set());
    const group = page.node.lookupMaybe(PDFName.of('Group'), PDFDict);
    if (group) colourSpace(group.get(PDFName.of('CS')), pageScope);
    const annots = page.node.Annots();
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const annot = lookup(annots!.get(i));
      if (!(annot instanceof PDFDict)) continue;
      for (const key of ['C', 'IC']) {
        const colour = annot.lookupMaybe(PDFName.of(key), PDFArray);
        if (colour?.size() === 3) use('rgb', pageScope);
        if (colour?.size() === 4) use('cmyk', pageScope);
      }
      const appearances = annot.lookupMaybe(PDFName.of('AP'), PDFDict);
      for (const [, entry] of appearances?.entries() ?? []) {
        const states = lookup(entry);
        if (states instanceof PDFRawStream) xobject(states, pageScope);
        else if (states instanceof PDFDict) for (const [, state] of states.entries()) xobject(state, pageScope);
      }
    }
  }
  return found;
}

const nameOf = (operand: Operand | undefined) => (operand && typeof operand === 'object' && 'name' in operand ? operand.name : '');

/** Makes device colours of `space` device-independent everywhere: every resource dictionary gets a Default colour space. */
export function setDefaultColourSpace(doc: PDFDocument, space: DeviceSpace, profile: PDFRef): void {
  const iccBased = doc.context.obj([PDFName.of('ICCBased'), profile]);
  const resourceDicts = new Set<PDFDict>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : undefined;
    const resources = dict?.lookupMaybe(PDFName.of('Resources'), PDFDict);
    if (resources) resourceDicts.add(resources);
  }
  for (const page of doc.getPages()) resourceDicts.add(page.node.Resources() ?? (page.node.set(PDFName.of('Resources'), doc.context.obj({})), page.node.Resources()!));
  for (const resources of resourceDicts) {
    let spaces = resources.lookupMaybe(PDFName.of('ColorSpace'), PDFDict);
    if (!spaces) {
      spaces = doc.context.obj({});
      resources.set(PDFName.of('ColorSpace'), spaces);
    }
    spaces.set(PDFName.of(DEFAULT_KEY[space]), iccBased);
  }
  renameDeviceOperands(doc, space);
}

/**
 * `/DeviceCMYK cs` names the device space outright: PDFBox preflight does not let a Default colour
 * space cover that operand (it does cover `k`), so content names the Default space itself, which every
 * resource dictionary now holds. A stream we cannot read is left as it was.
 */
function renameDeviceOperands(doc: PDFDocument, space: DeviceSpace): void {
  const device = space === 'rgb' ? 'DeviceRGB' : 'DeviceCMYK';
  const streams = new Set<PDFRef>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() === 'Form' || object.dict.has(PDFName.of('PatternType'))) streams.add(ref);
  }
  for (const page of doc.getPages()) {
    const contents = page.node.lookup(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))];
    for (const ref of refs) if (ref instanceof PDFRef) streams.add(ref);
  }
  for (const ref of streams) {
    const stream = doc.context.lookup(ref);
    let bytes: Uint8Array;
    let ops: ContentOp[];
    try {
      bytes = streamBytes(stream);
      ops = parseContent(bytes);
    } catch (error) {
      if (error instanceof ContentNotUnderstood) continue;
      throw error;
    }
    const named = ops.filter(({ op, args }) => (op === 'cs' || op === 'CS') && nameOf(args[0]) === device);
    if (named.length === 0) continue;
    const text = Buffer.from(bytes).toString('latin1');
    let out = '';
    let at = 0;
    for (const { op, start, end } of named) {
      out += `${text.slice(at, start)}/${DEFAULT_KEY[space]} ${op}`;
      at = end;
    }
    out += text.slice(at);
    const { dict } = stream as PDFRawStream;
    const entries = [...dict.entries()].filter(([key]) => !['/Filter', '/DecodeParms', '/Length'].includes(key.asString()));
    doc.context.assign(ref, doc.context.flateStream(Buffer.from(out, 'latin1'), Object.fromEntries(entries.map(([key, value]) => [key.asString().slice(1), value]))));
  }
}
